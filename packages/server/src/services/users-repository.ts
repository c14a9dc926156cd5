/**
 * The users repository (issue 29, one repository per aggregate): accounts and their login
 * sessions, the only module that queries `users` and `sessions`. createServices makes one
 * (`ctx.repos.users`); accounts, passwords, verification, e-mail changes, retention settings, the
 * subscription columns and sessions all change through it. Every change of state is a
 * compare-and-set on the state it expects (a subscription taken, renewed or ended; an address
 * verified; a session revoked) and answers whether it made the change, so of two requests at once
 * one does. `within(trx)` runs the same queries inside another module's transaction.
 */
import { SUBSCRIPTION_PLANS } from '@statemint/shared';
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Clock } from '../context';
import type { DbDialect } from '../db';
import type { Database, SessionsTable, UsersTable } from '../db/schema';
import type { FilesTables } from '../files/schema';
import { newUserRow, normalizeEmail, type UserRow } from './users';

export type SessionRow = Selectable<SessionsTable>;

export type SubscriptionColumns = Pick<
  Updateable<UsersTable>,
  | 'plan'
  | 'subscription_status'
  | 'subscription_id'
  | 'provider_customer_id'
  | 'current_period_end'
  | 'cancel_at'
  | 'auto_delete_enabled'
  | 'file_retention_days'
>;

function changed(result: { numUpdatedRows: bigint }): boolean {
  return Number(result.numUpdatedRows) === 1;
}

export class UsersRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DbDialect,
    private readonly clock: Clock,
  ) {}

  /** The same repository inside transaction `trx` (of this database, or of the files area's, a superset). */
  within(trx: Kysely<Database> | Kysely<Database & FilesTables>): UsersRepository {
    return new UsersRepository(trx as unknown as Kysely<Database>, this.dialect, this.clock);
  }

  find(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
  }

  findBySubscription(subscriptionId: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('subscription_id', '=', subscriptionId).executeTakeFirst();
  }

  /** A new account (free, unverified); a unique violation when the e-mail is taken. */
  async create(input: { email: string; name: string; passwordHash: string }): Promise<UserRow> {
    const row = newUserRow(input, this.clock.now());
    await this.insert(row);
    return row;
  }

  /** Inserts a new account's row (a checkout sign-up inside its payment's transaction). */
  async insert(row: UserRow): Promise<void> {
    await this.db.insertInto('users').values(row).execute();
  }

  /** Whether the account's e-mail is verified (false when there is no such account). */
  async isVerified(userId: string): Promise<boolean> {
    const row = await this.db.selectFrom('users').select('email_verified').where('id', '=', userId).executeTakeFirst();
    return row?.email_verified === 1;
  }

  /**
   * Locks the account's row until the end of this repository's transaction (PostgreSQL; SQLite
   * has one writer at a time): checks of a limit and its recording in that transaction are atomic.
   */
  async lock(userId: string): Promise<void> {
    const user = this.db.selectFrom('users').select('id').where('id', '=', userId);
    await (this.dialect === 'postgres' ? user.forUpdate() : user).execute();
  }

  /** A new password (a change or a reset); a reset link reached the inbox, so it also proves the address. */
  async setPassword(userId: string, passwordHash: string, options: { verified?: boolean } = {}): Promise<void> {
    await this.db
      .updateTable('users')
      .set({
        password_hash: passwordHash,
        ...(options.verified ? { email_verified: 1 } : {}),
        updated_at: this.clock.now(),
      })
      .where('id', '=', userId)
      .execute();
  }

  /** Unverified -> verified: whether this call verified it (false when it was already, or there is no account). */
  async markEmailVerified(userId: string): Promise<boolean> {
    return changed(
      await this.db
        .updateTable('users')
        .set({ email_verified: 1, updated_at: this.clock.now() })
        .where('id', '=', userId)
        .where('email_verified', '=', 0)
        .executeTakeFirst(),
    );
  }

  /** The confirmed new address (verified by its link); a unique violation when another account has it. */
  async changeEmail(userId: string, email: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ email: normalizeEmail(email), email_verified: 1, updated_at: this.clock.now() })
      .where('id', '=', userId)
      .execute();
  }

  async setRetention(userId: string, patch: { auto_delete_enabled?: number; file_retention_days?: number }) {
    await this.db
      .updateTable('users')
      .set({ ...patch, updated_at: this.clock.now() })
      .where('id', '=', userId)
      .execute();
  }

  /** The account's retention settings and plan (null when there is no such account). */
  async retentionSettings(
    userId: string,
  ): Promise<Pick<UserRow, 'auto_delete_enabled' | 'file_retention_days' | 'plan'> | null> {
    const row = await this.db
      .selectFrom('users')
      .select(['auto_delete_enabled', 'file_retention_days', 'plan'])
      .where('id', '=', userId)
      .executeTakeFirst();
    return row ?? null;
  }

  /** The account's row goes; sessions, links, API keys and their deliveries with it (foreign keys). */
  async delete(userId: string): Promise<void> {
    await this.db.deleteFrom('users').where('id', '=', userId).execute();
  }

  /** Sets the subscription columns of the account `userId`, or of the account holding subscription `subscriptionId`. */
  async setSubscription(
    which: { userId: string } | { subscriptionId: string },
    patch: SubscriptionColumns,
  ): Promise<void> {
    const update = this.db.updateTable('users').set({ ...patch, updated_at: this.clock.now() });
    await ('userId' in which
      ? update.where('id', '=', which.userId)
      : update.where('subscription_id', '=', which.subscriptionId)
    ).execute();
  }

  /**
   * A paid subscription becomes the account's (inside the payment's transaction): a
   * compare-and-set, so an account whose other subscription is running keeps it (false).
   */
  async takeSubscription(
    userId: string,
    subscriptionId: string | null,
    patch: SubscriptionColumns & { updated_at: number },
  ): Promise<boolean> {
    return changed(
      await this.db
        .updateTable('users')
        .set(patch)
        .where('id', '=', userId)
        .where((eb) =>
          eb.or([
            eb('subscription_id', 'is', null),
            ...(subscriptionId !== null ? [eb('subscription_id', '=', subscriptionId)] : []),
            eb('subscription_status', 'is', null),
            eb('subscription_status', 'not in', ['active', 'canceling']),
            eb('plan', 'not in', [...SUBSCRIPTION_PLANS]),
          ]),
        )
        .executeTakeFirst(),
    );
  }

  /**
   * A subscription cancelled at period end whose end has come drops to free; conditional on its
   * state (a compare-and-set), so of two requests at once one makes the change. Whether it did.
   */
  async endCanceledSubscription(row: UserRow, now: number): Promise<boolean> {
    if (row.cancel_at === null) return false;
    return changed(
      await this.db
        .updateTable('users')
        .set({ plan: 'free', subscription_status: 'canceled', current_period_end: null, updated_at: now })
        .where('id', '=', row.id)
        .where('subscription_status', '=', 'canceling')
        .where('cancel_at', '<=', now)
        .executeTakeFirst(),
    );
  }

  /**
   * Moves an active subscription's period end from `from` to `to`, conditional on it still being
   * `from`: of two requests at once, one renews (and charges). Whether this one did.
   */
  async advancePeriodEnd(userId: string, from: number, to: number, now: number): Promise<boolean> {
    return changed(
      await this.db
        .updateTable('users')
        .set({ current_period_end: to, updated_at: now })
        .where('id', '=', userId)
        .where('current_period_end', '=', from)
        .executeTakeFirst(),
    );
  }

  // Sessions: a row per login, named by its JWT's `sid` claim (sessions.ts signs and reads the JWT).

  async insertSession(row: Omit<SessionRow, 'revoked_at'>): Promise<void> {
    await this.db
      .insertInto('sessions')
      .values({ ...row, revoked_at: null })
      .execute();
  }

  findSession(id: string): Promise<SessionRow | undefined> {
    return this.db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Live -> revoked (a logout): whether this call revoked it (a revoked session keeps its first revocation). */
  async revokeSession(sessionId: string): Promise<boolean> {
    return changed(
      await this.db
        .updateTable('sessions')
        .set({ revoked_at: this.clock.now() })
        .where('id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst(),
    );
  }

  /** Revokes every live session of the account; how many it revoked. */
  async revokeAllSessions(userId: string): Promise<number> {
    const revoked = await this.db
      .updateTable('sessions')
      .set({ revoked_at: this.clock.now() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(revoked.numUpdatedRows);
  }

  /** Whether login session `sessionId` still works for `userId` (not revoked, not expired). */
  async isLiveSessionOf(sessionId: string, userId: string): Promise<boolean> {
    const session = await this.db
      .selectFrom('sessions')
      .select(['user_id', 'revoked_at', 'expires_at'])
      .where('id', '=', sessionId)
      .executeTakeFirst();
    return (
      !!session && session.user_id === userId && session.revoked_at === null && session.expires_at > this.clock.now()
    );
  }

  /** Whether anyone ever logged in to the account (a checkout sign-up's first confirm logs in only before). */
  async hasHadSession(userId: string): Promise<boolean> {
    const session = await this.db.selectFrom('sessions').select('id').where('user_id', '=', userId).executeTakeFirst();
    return session !== undefined;
  }

  /** Housekeeping: sessions expired, or revoked more than `keepMs` ago. */
  async pruneSessions(keepMs: number): Promise<void> {
    const now = this.clock.now();
    await this.db
      .deleteFrom('sessions')
      .where((eb) => eb.or([eb('expires_at', '<', now), eb('revoked_at', '<', now - keepMs)]))
      .execute();
  }
}
