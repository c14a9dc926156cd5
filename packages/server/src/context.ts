/**
 * The services every route and job uses, created once by createServices and reachable as
 * `app.ctx` (routes) or passed explicitly (services). Tests swap the clock.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config/config';
import type { Secrets } from './config/secrets';
import type { DbDialect } from './db';
import type { Database } from './db/schema';
import type { UsageRepository } from './files/usage-repository';
import type { Mailer } from './mail/mailer';
import type { PaymentProvider } from './payments/provider';
import type { ApiKeysRepository } from './services/api-keys-repository';
import type { EmailLinksRepository } from './services/email-links-repository';
import type { IdempotencyKeysRepository } from './services/idempotency-keys';
import type { PaymentsRepository } from './services/payments-repository';
import type { Limits } from './services/rate-limit';
import type { UsersRepository } from './services/users-repository';

export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/**
 * One repository per aggregate (issue 29), made once by createServices: each is the only module
 * that queries its tables, and its changes of state are compare-and-sets. The files themselves
 * have theirs in the files context (files/repository.ts).
 */
export interface Repositories {
  /** users and sessions */
  users: UsersRepository;
  /** the account's e-mailed links: email_verifications, password_resets, email_changes, login_links */
  links: EmailLinksRepository;
  /** payments and payment_credits (receipts included) */
  payments: PaymentsRepository;
  /** api_keys, api_uploads and webhook_deliveries */
  apiKeys: ApiKeysRepository;
  /** idempotency_keys */
  idempotency: IdempotencyKeysRepository;
  /** free_trial_uses, free_trial_locks and usage_events */
  usage: UsageRepository;
}

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
  repos: Repositories;
}
