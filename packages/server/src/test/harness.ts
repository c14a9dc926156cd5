/**
 * Starts the real app on a free port with a fresh data folder and a real database:
 * SQLite in the temp folder, or PostgreSQL (TEST_DATABASE_URL) in a fresh schema that is
 * dropped on close. Tests talk to it over HTTP with fetch.
 *
 *   for (const db of testDatabases) describe(`... (${db})`, () => {
 *     const s = serverFor(db, { config: { trustProxy: 'loopback' } });
 *     it('...', async () => { expect((await s.api('/api/health')).status).toBe(200); });
 *   });
 *
 * Also here: raw requests that stall (rawRequest) and the server's log lines (captureLog).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { Queue } from 'bullmq';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { type Config, loadConfig } from '../config/config';
import type { AppContext, Clock } from '../context';
import { buildApp } from '../http/app';
import { type Mailer, outboxDir } from '../mail/mailer';
import type { StripeApiEndpoint } from '../payments/stripe';
import { LIMITS_KEY_PREFIX } from '../services/redis-rate-limit';
import { startTestS3 } from '../storage/s3-test-server';

export type TestDb = 'sqlite' | 'postgres';
export type TestStore = 'local' | 's3';

/**
 * The file store of a test server: TEST_STORE=local or s3 for every test, else the production
 * pairing, the local folder beside SQLite and the S3 server (s3rver, started by the tests) beside
 * PostgreSQL, so the distributed setup runs the whole API suite without running it twice.
 */
export function testStoreFor(db: TestDb): TestStore {
  const forced = process.env.TEST_STORE;
  if (forced === 'local' || forced === 's3') return forced;
  return db === 'postgres' ? 's3' : 'local';
}

/**
 * The conversion queue likewise: TEST_QUEUE=memory or redis for every test, else BullMQ on
 * TEST_REDIS_URL beside PostgreSQL (when set) and the in-process queue beside SQLite. Each test
 * server has a queue of its own, removed from Redis when it closes.
 */
export function testQueueFor(db: TestDb): 'memory' | 'redis' {
  const forced = process.env.TEST_QUEUE;
  if ((forced === 'redis' && process.env.TEST_REDIS_URL) || forced === 'memory') return forced;
  return db === 'postgres' && process.env.TEST_REDIS_URL ? 'redis' : 'memory';
}

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI). */
export const testDatabases: TestDb[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/** A clock that moves only when told to. */
export class TestClock implements Clock {
  constructor(public time: number = Date.now()) {}
  now(): number {
    return this.time;
  }
  advance(ms: number): void {
    this.time += ms;
  }
}

export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  token?: string | null;
  headers?: Record<string, string>;
}

export interface TestServer {
  url: string;
  app: FastifyInstance;
  ctx: AppContext;
  config: Config;
  dataDir: string;
  clock: TestClock;
  /** PostgreSQL schema of this run (undefined on SQLite). */
  pgSchema: string | undefined;
  /** JSON request to the API; body is parsed JSON (or the text when not JSON). */
  api<T = Record<string, unknown>>(path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  /** Raw .eml texts in the outbox, oldest first. */
  outbox(): string[];
  /** The verification link in the newest e-mail to `email`. */
  lastVerificationToken(email: string): string;
  /** The token of the newest e-mailed link to `page` (verify-email, reset-password, login-link) sent to `email`. */
  lastLinkToken(email: string, page: string): string | undefined;
  close(): Promise<void>;
}

export interface StartOptions {
  db?: TestDb;
  config?: Partial<Config>;
  clock?: TestClock;
  mailer?: Mailer;
  /** Receives the server's log lines (set config.logLevel too, e.g. 'info'). */
  logStream?: NodeJS.WritableStream;
  /**
   * Restart on the data (and database) of an earlier server: pass its dataDir and, for
   * PostgreSQL, its pgSchema; close() then leaves both in place (the caller removes them).
   */
  reuse?: { dataDir: string; pgSchema?: string; s3Bucket?: string | undefined };
  /** Stripe API stand-in to talk to (with config.stripeSecretKey set). */
  stripeApi?: StripeApiEndpoint;
  /** close() leaves the data folder and schema in place, for a restart with `reuse`. */
  keepData?: boolean;
  /** The file store (default testStoreFor(db)); a restart with `reuse` names the first server's bucket. */
  store?: TestStore;
}

export async function startTestServer(options: StartOptions = {}): Promise<TestServer> {
  const db = options.db ?? 'sqlite';
  const dataDir = options.reuse?.dataDir ?? mkdtempSync(join(tmpdir(), 'statemint-api-'));
  const databaseUrl = db === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (db === 'postgres' && !databaseUrl) throw new Error('TEST_DATABASE_URL is not set');
  const pgSchema = db === 'postgres' ? (options.reuse?.pgSchema ?? `t_${randomBytes(6).toString('hex')}`) : undefined;
  const s3 = (options.store ?? testStoreFor(db)) === 's3' ? await startTestS3() : null;
  const config: Config = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0' }),
    databaseUrl,
    ...(s3
      ? { s3Bucket: options.reuse?.s3Bucket ?? s3.bucket(), s3Endpoint: s3.endpoint, s3ForcePathStyle: true }
      : {}),
    ...(testQueueFor(db) === 'redis'
      ? { redisUrl: process.env.TEST_REDIS_URL, queueName: `statemint-test-${randomBytes(6).toString('hex')}` }
      : {}),
    ...options.config,
  };
  const clock = options.clock ?? new TestClock();
  let app: FastifyInstance;
  try {
    app = await buildApp(config, {
      clock,
      ...(pgSchema ? { pgSchema } : {}),
      ...(options.mailer ? { mailer: options.mailer } : {}),
      ...(options.logStream ? { logStream: options.logStream } : {}),
      ...(options.stripeApi ? { stripeApi: options.stripeApi } : {}),
    });
  } catch (e) {
    // A server that failed to start leaves no schema or folder behind.
    if (!options.reuse && !options.keepData) await removeTestData(dataDir, pgSchema);
    throw e;
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const url = `http://127.0.0.1:${address.port}`;
  config.publicUrl = url;

  const outbox = (): string[] => {
    let names: string[];
    try {
      names = readdirSync(outboxDir(config)).sort();
    } catch {
      return [];
    }
    return names.map((n) => readFileSync(join(outboxDir(config), n), 'utf8'));
  };

  const lastLinkToken = (email: string, page: string): string | undefined => {
    const mails = outbox().filter((m) => m.toLowerCase().includes(`to: ${email.toLowerCase()}`));
    // Quoted-printable may wrap the link and write its '=' as =3D: undo both first.
    const link = new RegExp(`${page}\\?token=([\\w-]+)`);
    for (const mail of mails.reverse()) {
      const m = mail
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=')
        .match(link);
      if (m?.[1]) return m[1];
    }
    return undefined;
  };

  return {
    url,
    app,
    ctx: app.ctx,
    config,
    dataDir,
    clock,
    async api<T>(path: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.body !== undefined) headers['content-type'] ??= 'application/json';
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      const res = await fetch(url + path, {
        method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
        headers,
        ...(opts.body !== undefined
          ? { body: typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body) }
          : {}),
      });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {}
      return { status: res.status, headers: res.headers, body: body as T };
    },
    outbox,
    lastVerificationToken(email: string): string {
      const token = lastLinkToken(email, 'verify-email');
      if (!token) throw new Error(`no verification e-mail to ${email}`);
      return token;
    },
    lastLinkToken,
    pgSchema,
    async close() {
      await app.close();
      // A restarted server (reuse) has a queue of its own: the jobs are recovered from the database.
      if (config.redisUrl) await removeQueue(config.redisUrl, config.queueName);
      if (options.reuse || options.keepData) return;
      await removeTestData(dataDir, pgSchema);
    },
  };
}

/** A test server's BullMQ queue, gone from Redis. */
async function removeQueue(redisUrl: string, name: string): Promise<void> {
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  // Free trials' jobs have a queue of their own (bullmq-queue.ts).
  for (const queueName of [name, `${name}-free`]) {
    const queue = new Queue(queueName, { connection });
    try {
      await queue.obliterate({ force: true });
    } finally {
      await queue.close();
    }
  }
  // And its limits' counts (services/redis-rate-limit.ts), which would otherwise wait out their windows.
  const keys = await connection.keys(`${LIMITS_KEY_PREFIX}${name}:*`);
  if (keys.length > 0) await connection.del(...keys);
  connection.disconnect();
}

/** Removes what a server started with `reuse` left behind. */
export async function removeTestData(dataDir: string, pgSchema: string | undefined): Promise<void> {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (pgSchema && databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${pgSchema} CASCADE`);
    await client.end();
  }
  rmSync(dataDir, { recursive: true, force: true });
}

/** Registers and verifies an account through the API, then logs in. */
/** The password of createVerifiedUser's accounts unless it is given another. */
export const TEST_PASSWORD = 'correct horse battery';

export async function createVerifiedUser(
  s: TestServer,
  input: { email?: string; password?: string; name?: string } = {},
): Promise<{ email: string; password: string; token: string; user: Record<string, unknown> }> {
  const email = input.email ?? `user-${randomBytes(4).toString('hex')}@example.com`;
  const password = input.password ?? TEST_PASSWORD;
  const reg = await s.api('/api/auth/register', { body: { email, password, name: input.name ?? 'Test User' } });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.body)}`);
  const verified = await s.api(`/api/auth/verify-email?token=${s.lastVerificationToken(email)}`);
  if (verified.status !== 200) throw new Error(`verify: ${verified.status}`);
  const login = await s.api<{ token: string; user: Record<string, unknown> }>('/api/auth/login', {
    body: { email, password },
  });
  if (login.status !== 200 || !login.body.token) throw new Error(`login: ${login.status}`);
  return { email, password, token: login.body.token, user: login.body.user };
}

/**
 * One test server for the describe block it is called in: started before its tests, closed after
 * them. The answer stands for that server inside tests and hooks (`s.api(...)`, `s.clock`).
 */
export function serverFor(db: TestDb, options: Omit<StartOptions, 'db'> = {}): TestServer {
  let started: TestServer | undefined;
  beforeAll(async () => {
    started = await startTestServer({ db, ...options });
  });
  afterAll(async () => {
    await started?.close();
  });
  return new Proxy({} as TestServer, {
    get(_target, key) {
      if (!started) throw new Error('the test server has not started: use it inside a test or hook');
      return started[key as keyof TestServer];
    },
  });
}

/** The server's log lines as it writes them (pass `stream` as StartOptions.logStream). */
export function captureLog(): { stream: NodeJS.WritableStream; lines: string[]; text(): string } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { stream, lines, text: () => lines.join('') };
}

/**
 * Writes `head` (a request line and headers, and any start of a body) to the server on a socket
 * of its own, and leaves it open: a client that stalls. `answer` resolves with what the server
 * sent back once it holds a whole JSON answer, or when the socket ends.
 */
export function rawRequest(s: { url: string }, head: string | Buffer): { socket: Socket; answer: Promise<string> } {
  const { port } = new URL(s.url);
  const socket = connect(Number(port), '127.0.0.1');
  socket.write(head);
  const answer = new Promise<string>((resolve) => {
    let text = '';
    socket.on('data', (d) => {
      text += d;
      if (text.includes('\r\n\r\n') && text.includes('}')) resolve(text);
    });
    socket.on('close', () => resolve(text));
    socket.on('error', () => resolve(text));
  });
  return { socket, answer };
}
