/**
 * The payments repository on a real database (SQLite, and PostgreSQL with TEST_DATABASE_URL): a
 * payment's status, a conversion of a pay-as-you-go payment and a receipt each change by
 * compare-and-set, so of two changes at once exactly one is made and the other says it was not.
 */
import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { PaymentsTable } from '../db/schema';
import { TestClock, testDatabases } from '../test/harness';
import { repositoryDatabase } from '../test/repository-db';
import { PaymentsRepository } from './payments-repository';

function payment(patch: Partial<Insertable<PaymentsTable>> = {}): Insertable<PaymentsTable> {
  const id = randomUUID();
  return {
    id,
    intent_id: `pi_${id}`,
    provider: 'test',
    type: 'payasyougo',
    amount: 300,
    email: 'payer@example.com',
    user_id: null,
    status: 'pending',
    subscription_id: null,
    provider_customer_id: null,
    pending_name: null,
    pending_password_hash: null,
    confirmed_at: null,
    created_at: Date.UTC(2026, 0, 1),
    card_last4: null,
    receipt_sent_at: null,
    client_secret_hash: null,
    files: 1,
    ...patch,
  };
}

for (const dialect of testDatabases) {
  describe(`payments repository (${dialect})`, () => {
    const t = repositoryDatabase(dialect);
    const clock = new TestClock(Date.UTC(2026, 0, 2));
    const repo = () => new PaymentsRepository(t.db(), clock);

    it('moves a payment out of pending once: of a confirmation and a refund at once, one wins', async () => {
      const payments = repo();
      const row = payment();
      await payments.insert(row);
      const [succeeded, refunded] = await Promise.all([
        payments.move(row.id, ['pending'], 'succeeded', { confirmed_at: clock.now(), card_last4: '4242' }),
        payments.move(row.id, ['pending'], 'refunded'),
      ]);
      expect([succeeded, refunded].filter(Boolean)).toHaveLength(1);
      expect((await payments.find(row.id))?.status).toBe(succeeded ? 'succeeded' : 'refunded');
      expect(await payments.move(row.id, ['pending'], 'abandoned')).toBe(false);
      expect((await payments.findByIntent(row.intent_id))?.id).toBe(row.id);
    });

    it('gives each conversion of a pay-as-you-go payment to one file: two uploads at once cannot share one', async () => {
      const payments = repo();
      const row = payment({ files: 2 });
      await payments.insertPayg(row, 2);
      expect(await payments.remainingCredits(row.id)).toBe(2);
      const seq = (await payments.firstFreeCredit(row.id)) as number;
      const both = await Promise.all([
        payments.takeCredit(row.id, seq, 'file-a', clock.now()),
        payments.takeCredit(row.id, seq, 'file-b', clock.now()),
      ]);
      expect(both.filter(Boolean)).toHaveLength(1);
      expect(await payments.remainingCredits(row.id)).toBe(1);
      expect(await payments.firstFreeCredit(row.id)).not.toBe(seq);
      // Given back, the same conversion may be taken again.
      await payments.releaseCredit(both[0] ? 'file-a' : 'file-b');
      expect(await payments.remainingCredits(row.id)).toBe(2);
    });

    it('claims a receipt once, only for a succeeded payment, and a released claim may be taken again', async () => {
      const payments = repo();
      const pending = payment();
      await payments.insert(pending);
      expect(await payments.claimReceipt(pending.id)).toBe(false);
      const paid = payment({ status: 'succeeded', confirmed_at: clock.now() });
      await payments.insert(paid);
      expect(await payments.unreceipted()).toContain(paid.id);
      const both = await Promise.all([payments.claimReceipt(paid.id), payments.claimReceipt(paid.id)]);
      expect(both.filter(Boolean)).toHaveLength(1);
      expect(await payments.unreceipted()).not.toContain(paid.id);
      await payments.releaseReceiptClaim(paid.id);
      expect(await payments.claimReceipt(paid.id)).toBe(true);
    });

    it('records a charge once per intent, however often its event comes', async () => {
      const payments = repo();
      const row = payment({ status: 'succeeded', type: 'pro' });
      const ids = await Promise.all([
        payments.recordChargeOnce(row),
        payments.recordChargeOnce({ ...row, id: randomUUID() }),
      ]);
      expect(ids[0]).toBe(row.id);
      expect(ids[1]).toBe(row.id);
    });

    it('runs inside a transaction: a move rolled back with it is undone', async () => {
      const payments = repo();
      const row = payment();
      await payments.insert(row);
      await expect(
        t
          .db()
          .transaction()
          .execute(async (trx) => {
            expect(await payments.within(trx).move(row.id, ['pending'], 'succeeded')).toBe(true);
            throw new Error('roll back');
          }),
      ).rejects.toThrow('roll back');
      expect((await payments.find(row.id))?.status).toBe('pending');
    });
  });
}
