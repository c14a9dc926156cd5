export * from './routes';
export * from './schemas';
