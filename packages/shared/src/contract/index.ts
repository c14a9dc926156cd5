export * from './review';
export * from './routes';
export * from './schemas';
