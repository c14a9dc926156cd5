/**
 * The services every route and job uses, created once by buildApp and reachable as
 * `app.ctx` (routes) or passed explicitly (services). Tests swap the clock.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config/config';
import type { Secrets } from './config/secrets';
import type { DbDialect } from './db';
import type { Database } from './db/schema';
import type { Mailer } from './mail/mailer';
import type { PaymentProvider } from './payments/provider';
import type { RateLimiter, SharedRateLimit } from './services/rate-limit';

export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  dialect: DbDialect;
  clock: Clock;
  secrets: Secrets;
  mailer: Mailer;
  payments: PaymentProvider;
  rateLimiter: RateLimiter;
  /** Requests per API key: shared by every process through Redis when REDIS_URL is set. */
  apiKeyRateLimit: SharedRateLimit;
  log: FastifyBaseLogger;
}
