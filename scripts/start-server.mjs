// Starts the server without building the web app (tests build it once beforehand).
import { register } from 'tsx/esm/api';

register();
await import('../packages/server/src/main.ts');
