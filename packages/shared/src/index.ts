export * from './api';
export * from './errors';
export * from './files';
export * from './files-api';
export * from './messages';
export * from './plans';
export * from './routes';
export * from './statement';
