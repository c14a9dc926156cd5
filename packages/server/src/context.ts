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
import type { Limits } from './services/rate-limit';

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
  /**
   * The account endpoints' limits and the requests per API key: shared by every process through
   * Redis when REDIS_URL is set (services/redis-rate-limit.ts), else counted in this one.
   */
  limits: Limits;
  log: FastifyBaseLogger;
}
