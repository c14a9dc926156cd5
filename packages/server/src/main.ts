/**
 * The server process: `statemint serve` (HTTP only, conversions queued in Redis), `statemint
 * worker` (conversions from Redis and the background work, HTTP for health, readiness and
 * metrics), or with no role the all-in-one default. SIGTERM or SIGINT stops taking requests and
 * jobs, lets running conversions finish for SHUTDOWN_GRACE_MS, returns the rest to the queue, then exits.
 */
import { loadConfig } from './config/config';
import type { ProcessRole } from './create-services';
import { buildApp } from './http/app';
import { ensurePrivateDir } from './storage/private-fs';

const ROLES: Record<string, ProcessRole> = { serve: 'serve', worker: 'worker', start: 'all', all: 'all' };
const arg = process.argv[2];
const role = arg === undefined ? 'all' : ROLES[arg];
if (!role) {
  process.stderr.write(`statemint: unknown role '${arg}': serve, worker, or none for everything in one process\n`);
  process.exit(2);
}

const config = loadConfig();
ensurePrivateDir(config.dataDir);
const app = await buildApp(config, { role, shutdownGraceMs: config.shutdownGraceMs, warmThread: true }).catch(
  (e: unknown) => {
    process.stderr.write(`statemint: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  },
);
await app.listen({ port: config.port, host: config.host });
app.log.info({ role }, `statemint ${role === 'all' ? 'server (all in one)' : role} started`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing running conversions');
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
