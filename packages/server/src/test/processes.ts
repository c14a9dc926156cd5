/**
 * For tests: the real server as child processes (scripts/start-server.mjs, any role), their log
 * lines kept, and SIGKILL or SIGTERM on demand.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

const ROOT = new URL('../../../../', import.meta.url).pathname;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface ServerProcess {
  proc: ChildProcess;
  url: string;
  /** The JSON log lines printed so far. */
  logs(): Array<Record<string, unknown>>;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<number | string | null>;
}

/** Starts `statemint [role]` and waits until /api/health answers. */
export async function startServerProcess(
  role: 'serve' | 'worker' | null,
  env: Record<string, string>,
): Promise<ServerProcess> {
  const port = await freePort();
  const proc = spawn(process.execPath, [join(ROOT, 'scripts/start-server.mjs'), ...(role ? [role] : [])], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'info', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let stderr = '';
  proc.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  proc.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  // 'close', not 'exit': by then its output has been read to the end (its last log lines too).
  const exited = new Promise<number | string | null>((resolve) =>
    proc.once('close', (code, signal) => resolve(code ?? signal)),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`server did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    proc,
    url,
    exited,
    logs: () =>
      out
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

export async function killProcess(child: ServerProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (child.proc.exitCode !== null || child.proc.signalCode !== null) return;
  child.proc.kill(signal);
  await child.exited;
}
