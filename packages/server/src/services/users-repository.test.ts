/**
 * The users repository on a real database (SQLite, and PostgreSQL with TEST_DATABASE_URL): each
 * change of state is a compare-and-set, so of two at once exactly one makes it and the other
 * answers that it did not.
 */
import { describe, expect, it } from 'vitest';
import { TestClock, testDatabases } from '../test/harness';
import { repositoryDatabase } from '../test/repository-db';
import type { UserRow } from './users';
import { UsersRepository } from './users-repository';

const DAY = 86_400_000;
let n = 0;
const email = () => `user${++n}-${Date.now()}@example.com`;

for (const dialect of testDatabases) {
  describe(`users repository (${dialect})`, () => {
    const t = repositoryDatabase(dialect);
    const clock = new TestClock(Date.UTC(2026, 0, 1));
    const repo = () => new UsersRepository(t.db(), t.dialect(), clock);

    it('finds an account by id, by e-mail as typed and by subscription', async () => {
      const users = repo();
      const user = await users.create({ email: ` ${email().toUpperCase()} `, name: ' Ann ', passwordHash: 'h' });
      expect(user.name).toBe('Ann');
      expect((await users.find(user.id))?.email).toBe(user.email);
      expect((await users.findByEmail(user.email.toUpperCase()))?.id).toBe(user.id);
      await users.setSubscription({ userId: user.id }, { subscription_id: `sub_${user.id}` });
      expect((await users.findBySubscription(`sub_${user.id}`))?.id).toBe(user.id);
      expect(await users.retentionSettings('nobody')).toBeNull();
    });

    it('verifies an address once: of two verifications at once, one does', async () => {
      const users = repo();
      const user = await users.create({ email: email(), name: 'A', passwordHash: 'h' });
      expect(await users.isVerified(user.id)).toBe(false);
      const both = await Promise.all([users.markEmailVerified(user.id), users.markEmailVerified(user.id)]);
      expect(both.filter(Boolean)).toHaveLength(1);
      expect(await users.isVerified(user.id)).toBe(true);
      expect(await users.markEmailVerified(user.id)).toBe(false);
    });

    it('gives a paid subscription to an account once: a second at once loses, the running one is kept', async () => {
      const users = repo();
      const user = await users.create({ email: email(), name: 'A', passwordHash: 'h' });
      const take = (subscriptionId: string) =>
        users.takeSubscription(user.id, subscriptionId, {
          plan: 'pro',
          subscription_status: 'active',
          subscription_id: subscriptionId,
          provider_customer_id: null,
          current_period_end: clock.now() + 30 * DAY,
          cancel_at: null,
          updated_at: clock.now(),
        });
      const both = await Promise.all([take('sub_a'), take('sub_b')]);
      expect(both.filter(Boolean)).toHaveLength(1);
      const kept = (await users.find(user.id)) as UserRow;
      expect(kept.subscription_id).toBe(both[0] ? 'sub_a' : 'sub_b');
      // The same subscription may be written again (a repeated confirmation), another may not.
      expect(await take(kept.subscription_id as string)).toBe(true);
      expect(await take('sub_c')).toBe(false);
    });

    it('renews a period once and ends a cancelled subscription once', async () => {
      const users = repo();
      const user = await users.create({ email: email(), name: 'A', passwordHash: 'h' });
      const end = clock.now() + DAY;
      await users.setSubscription(
        { userId: user.id },
        { plan: 'pro', subscription_status: 'active', subscription_id: `sub_${user.id}`, current_period_end: end },
      );
      const renewals = await Promise.all([
        users.advancePeriodEnd(user.id, end, end + 30 * DAY, clock.now()),
        users.advancePeriodEnd(user.id, end, end + 30 * DAY, clock.now()),
      ]);
      expect(renewals.filter(Boolean)).toHaveLength(1);
      expect((await users.find(user.id))?.current_period_end).toBe(end + 30 * DAY);

      await users.setSubscription({ userId: user.id }, { subscription_status: 'canceling', cancel_at: clock.now() });
      const row = (await users.find(user.id)) as UserRow;
      const endings = await Promise.all([
        users.endCanceledSubscription(row, clock.now()),
        users.endCanceledSubscription(row, clock.now()),
      ]);
      expect(endings.filter(Boolean)).toHaveLength(1);
      const ended = (await users.find(user.id)) as UserRow;
      expect([ended.plan, ended.subscription_status, ended.current_period_end]).toEqual(['free', 'canceled', null]);
    });

    it('revokes a session once, and every live session of an account at once', async () => {
      const users = repo();
      const user = await users.create({ email: email(), name: 'A', passwordHash: 'h' });
      const session = (id: string) =>
        users.insertSession({ id, user_id: user.id, created_at: clock.now(), expires_at: clock.now() + DAY });
      await session(`${user.id}-1`);
      await session(`${user.id}-2`);
      await session(`${user.id}-3`);
      expect(await users.hasHadSession(user.id)).toBe(true);
      expect(await users.isLiveSessionOf(`${user.id}-1`, user.id)).toBe(true);
      expect(await users.isLiveSessionOf(`${user.id}-1`, 'someone else')).toBe(false);
      const both = await Promise.all([users.revokeSession(`${user.id}-1`), users.revokeSession(`${user.id}-1`)]);
      expect(both.filter(Boolean)).toHaveLength(1);
      expect(await users.isLiveSessionOf(`${user.id}-1`, user.id)).toBe(false);
      expect(await users.revokeAllSessions(user.id)).toBe(2);
      expect(await users.revokeAllSessions(user.id)).toBe(0);
    });

    it('runs inside a transaction: what it wrote goes when the transaction is rolled back', async () => {
      const users = repo();
      const row = (await users.create({ email: email(), name: 'A', passwordHash: 'h' })) as UserRow;
      const other = { ...row, id: `${row.id}-2`, email: email() };
      await expect(
        t
          .db()
          .transaction()
          .execute(async (trx) => {
            const inside = users.within(trx);
            await inside.lock(row.id);
            await inside.insert(other);
            expect((await inside.find(other.id))?.id).toBe(other.id);
            throw new Error('roll back');
          }),
      ).rejects.toThrow('roll back');
      expect(await users.find(other.id)).toBeUndefined();
    });
  });
}
