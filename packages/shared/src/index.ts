export * from './api';
export * from './errors';
export * from './files';
export * from './plans';
export * from './routes';
export * from './statement';
