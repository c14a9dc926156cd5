import { loadConfig } from './config/config';
import { buildApp } from './http/app';
import { ensurePrivateDir } from './storage/private-fs';

const config = loadConfig();
ensurePrivateDir(config.dataDir);
const app = await buildApp(config);
await app.listen({ port: config.port, host: config.host });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.close().then(() => process.exit(0));
  });
}
