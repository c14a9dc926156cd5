// Worker threads start from plain JavaScript: this registers tsx in the thread, then loads
// the TypeScript entry (Node 20 does not hand the parent's loader hooks to workers).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
