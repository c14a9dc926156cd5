/**
 * For tests: a real S3-protocol server on localhost (s3rver, in a process of its own, objects in a
 * temporary folder), so the S3 store is exercised over HTTP through the AWS SDK, never through a
 * mock of it. One per test process, shared; each user of it takes a bucket of its own.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestS3 {
  endpoint: string;
  /** A fresh bucket name (the store makes the bucket on start). */
  bucket(): string;
}

/**
 * s3rver checks request signatures against these; the SDK reads them from the environment. The
 * SDK's notice that its 2027 releases will want Node 22 is said once in production, not in every test.
 */
const CREDENTIALS = {
  AWS_ACCESS_KEY_ID: 'S3RVER',
  AWS_SECRET_ACCESS_KEY: 'S3RVER',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};

// The server says its port on stdout and ends when its stdin closes (this process gone, however).
const LAUNCH = `
import S3rver from 's3rver';
const server = new S3rver({ address: '127.0.0.1', port: 0, directory: process.env.S3RVER_DIR, silent: true });
const { port } = await server.run();
process.stdout.write(JSON.stringify({ port }) + '\\n');
process.stdin.resume();
process.stdin.on('end', () => process.exit(0));
`;

let running: Promise<TestS3> | null = null;

export function startTestS3(): Promise<TestS3> {
  running ??= (async () => {
    for (const [k, v] of Object.entries(CREDENTIALS)) process.env[k] = v;
    const directory = mkdtempSync(join(tmpdir(), 'statemint-s3-'));
    // s3rver makes list continuation tokens with DES, which OpenSSL 3 keeps in its legacy provider.
    const child: ChildProcess = spawn(
      process.execPath,
      ['--openssl-legacy-provider', '--input-type=module', '-e', LAUNCH],
      {
        cwd: new URL('../..', import.meta.url).pathname,
        env: { ...process.env, S3RVER_DIR: directory },
        stdio: ['pipe', 'pipe', 'inherit'],
      },
    );
    process.once('exit', () => {
      child.kill();
      rmSync(directory, { recursive: true, force: true });
    });
    const port = await new Promise<number>((resolve, reject) => {
      let out = '';
      child.stdout?.on('data', (d: Buffer) => {
        out += d.toString();
        const line = out.split('\n')[0];
        if (out.includes('\n') && line) resolve((JSON.parse(line) as { port: number }).port);
      });
      child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
    });
    // Neither keeps this process alive.
    child.unref();
    (child.stdout as NodeJS.ReadStream | null)?.unref?.();
    (child.stdin as unknown as { unref?: () => void } | null)?.unref?.();
    return {
      endpoint: `http://127.0.0.1:${port}`,
      bucket: () => `statemint-test-${randomBytes(6).toString('hex')}`,
    };
  })();
  return running;
}
