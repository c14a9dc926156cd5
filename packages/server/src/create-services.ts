/**
 * One place wires the services (issue 16): configuration and secrets, the database (migrated),
 * mail, payments, the files area (store, conversion queue, links) and the background work that
 * goes with them (conversion workers, job recovery, the file-life sweeper, account housekeeping).
 * The HTTP app (http/app.ts), the tests and the worker entry point all start from here; nothing
 * an HTTP plugin registers starts background work.
 *
 *   const services = await createServices(config, { log });
 *   await services.start();   // workers, recovery, sweeper, housekeeping
 *   ...
 *   await services.close();
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Config } from './config/config';
import { loadSecrets } from './config/secrets';
import { type AppContext, type Clock, systemClock } from './context';
import { openDatabase } from './db';
import { migrateToLatest } from './db/migrate';
import { createFilesContext, type FilesContext } from './files/context';
import { recoverJobs } from './files/jobs';
import { paidFileReceipts } from './files/receipt-listener';
import type { FilesTables } from './files/schema';
import { UsageRepository } from './files/usage-repository';
import { createMailer, type Mailer } from './mail/mailer';
import type { PaymentProvider } from './payments/provider';
import type { StripeApiEndpoint } from './payments/stripe';
import { TestModeProvider } from './payments/test-mode';
import { ApiKeysRepository } from './services/api-keys-repository';
import { EmailLinksRepository } from './services/email-links-repository';
import { IdempotencyKeysRepository } from './services/idempotency-keys';
import { MAINTENANCE_INTERVAL_MS, pruneAccountData } from './services/maintenance';
import { PaymentsRepository } from './services/payments-repository';
import { MemoryLimits } from './services/rate-limit';
import { RedisLimits } from './services/redis-rate-limit';
import { UsersRepository } from './services/users-repository';
import { createWebhookDispatcher, type WebhookDispatcher } from './services/webhooks';
import { closeFileStore } from './storage/create';
import { startSweeper } from './sweeper/sweeper';

/**
 * What a process does: `all` (the default: HTTP, conversions and the background work in one
 * process), `serve` (HTTP only; conversions are queued in Redis for workers), `worker`
 * (conversions from Redis and the background work; HTTP only for health, readiness and metrics).
 */
export type ProcessRole = 'all' | 'serve' | 'worker';

export interface ServiceOptions {
  /** Default `all`. */
  role?: ProcessRole;
  /** Where the services log (the HTTP app's logger, or the worker's own). */
  log: FastifyBaseLogger;
  /** Tests move time with their own clock. */
  clock?: Clock;
  /** PostgreSQL only: run in this schema (created if missing). Tests isolate with it. */
  pgSchema?: string;
  /** Replaces the configured mailer (tests). */
  mailer?: Mailer;
  /** Stripe API endpoint other than api.stripe.com (tests). */
  stripeApi?: StripeApiEndpoint;
  /** A process that converts starts one thread at once (a `worker` starts them all anyway). */
  warmThread?: boolean;
}

export interface Services {
  ctx: AppContext;
  files: FilesContext;
  /** API keys' webhook deliveries (services/webhooks.ts): started with the background work; tests run it by hand. */
  webhooks: WebhookDispatcher;
  /** GET /api/ready: whether the database, the queue and the store answer (each 'ok' or the error). */
  readiness(): Promise<{ ready: boolean; checks: { database: string; queue: string; store: string } }>;
  /** Starts the background work: conversion workers, recovery of interrupted jobs, sweeper, housekeeping. */
  start(): Promise<void>;
  /**
   * Stops the background work and closes every connection. Running conversions may finish within
   * `graceMs` (default 0); past it they are returned to the queue.
   */
  close(graceMs?: number): Promise<void>;
  role: ProcessRole;
}

export async function createServices(config: Config, options: ServiceOptions): Promise<Services> {
  const clock = options.clock ?? systemClock;
  const secrets = loadSecrets(config);
  const database = await openDatabase(config, options.pgSchema ? { pgSchema: options.pgSchema } : {});
  try {
    await migrateToLatest(database.db, database.dialect);
  } catch (e) {
    await database.destroy();
    throw e;
  }
  const mailer = options.mailer ?? createMailer(config);
  // The Stripe SDK (~0.1 s of CPU to load) loads only where Stripe is configured.
  const payments: PaymentProvider = config.stripeSecretKey
    ? new (await import('./payments/stripe')).StripeProvider(
        config.stripeSecretKey,
        config.stripeWebhookSecret,
        options.stripeApi,
      )
    : new TestModeProvider(database.db, clock);
  if (config.stripeSecretKey && !config.stripeWebhookSecret)
    options.log.warn(
      'STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks are refused; payments are confirmed by the browser call only',
    );
  const ctx: AppContext = {
    config,
    db: database.db,
    dialect: database.dialect,
    clock,
    secrets,
    mailer,
    payments,
    limits: config.redisUrl
      ? new RedisLimits(config.redisUrl, config.queueName, clock, options.log)
      : new MemoryLimits(clock),
    log: options.log,
    repos: {
      users: new UsersRepository(database.db, database.dialect, clock),
      links: new EmailLinksRepository(database.db, clock),
      payments: new PaymentsRepository(database.db, clock),
      apiKeys: new ApiKeysRepository(database.db),
      idempotency: new IdempotencyKeysRepository(database.db),
      usage: new UsageRepository(database.db.withTables<FilesTables>(), database.dialect),
    },
  };
  const role = options.role ?? 'all';
  if (role !== 'all' && !config.redisUrl) {
    await ctx.limits.close();
    await database.destroy();
    throw new Error(`statemint ${role} shares its conversions through Redis: set REDIS_URL`);
  }
  const files = await createFilesContext(ctx, {
    consume: role !== 'serve',
    warm: role === 'worker',
    warmThread: options.warmThread ?? false,
  });
  files.conversionListeners.push(paidFileReceipts(files));
  const webhooks = createWebhookDispatcher(files);

  let stopSweeper: (() => Promise<void>) | null = null;
  let pruneTimer: NodeJS.Timeout | null = null;
  let closed = false;
  const prune = () =>
    pruneAccountData(ctx).catch((err: unknown) => options.log.error({ err }, 'account data housekeeping failed'));

  const check = async (probe: () => Promise<unknown>): Promise<string> => {
    try {
      await Promise.race([
        probe(),
        new Promise((_, reject) => setTimeout(() => reject(new Error('no answer within 2 s')), 2000).unref()),
      ]);
      return 'ok';
    } catch (e) {
      return e instanceof Error ? e.message.slice(0, 200) : 'failed';
    }
  };

  return {
    ctx,
    files,
    webhooks,
    async readiness() {
      const checks = {
        database: await check(() => sql`select 1`.execute(ctx.db)),
        queue: await check(() => files.queue.pending()),
        store: await check(() => files.store.exists('ready/probe')),
      };
      return { ready: Object.values(checks).every((c) => c === 'ok'), checks };
    },
    role,
    async start() {
      if (role === 'serve') {
        // HTTP only: the workers convert, sweep and keep house.
        await files.queue.start();
        return;
      }
      await prune();
      pruneTimer = setInterval(prune, MAINTENANCE_INTERVAL_MS);
      pruneTimer.unref();
      await files.queue.start();
      await recoverJobs(files);
      stopSweeper = startSweeper(files);
      // Every worker sends webhooks; deliveries are claimed in the database, so each goes out once.
      webhooks.start();
    },
    async close(graceMs = 0) {
      if (closed) return;
      closed = true;
      if (pruneTimer) clearInterval(pruneTimer);
      await webhooks.close();
      await stopSweeper?.();
      await files.queue.close(graceMs);
      await files.review.close();
      closeFileStore(files.store);
      mailer.close();
      await ctx.limits.close();
      await database.destroy();
    },
  };
}
