export { type Config, loadConfig } from './config/config';
export { buildApp } from './http/app';
