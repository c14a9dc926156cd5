/**
 * The payments repository (issue 29, one repository per aggregate): payments and their
 * conversions (payment_credits), receipts included. The only module that queries these two
 * tables; createServices makes one (`ctx.repos.payments`) and payments.ts (checkout,
 * confirmation, credits), receipts.ts, account deletion, housekeeping and the files area's
 * paid-result e-mail use it. Every change of a payment's status is a compare-and-set on the status
 * it expects, so two confirmations, a webhook and a browser at once change it once; so are taking
 * a conversion and claiming a receipt. `within(trx)` runs the same queries inside a transaction.
 */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Clock } from '../context';
import type { Database, PaymentsTable } from '../db/schema';
import type { FilesTables } from '../files/schema';

export type PaymentRow = Selectable<PaymentsTable>;

export class PaymentsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /** The same repository inside transaction `trx` (of this database, or of the files area's, a superset). */
  within(trx: Kysely<Database> | Kysely<Database & FilesTables>): PaymentsRepository {
    return new PaymentsRepository(trx as unknown as Kysely<Database>, this.clock);
  }

  async findByIntent(intentId: string): Promise<PaymentRow | undefined> {
    return this.db.selectFrom('payments').selectAll().where('intent_id', '=', intentId).executeTakeFirst();
  }

  async find(id: string): Promise<PaymentRow | undefined> {
    return this.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A pay-as-you-go payment and its `files` unused conversions, together. */
  async insertPayg(row: Insertable<PaymentsTable>, files: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('payments').values(row).execute();
      await trx
        .insertInto('payment_credits')
        .values(
          Array.from({ length: files }, (_, seq) => ({ payment_id: row.id, seq, file_id: null, consumed_at: null })),
        )
        .execute();
    });
  }

  /** Inserts a payment row (a subscription checkout: the unique index refuses a second open one). */
  async insert(row: Insertable<PaymentsTable>): Promise<void> {
    await this.db.insertInto('payments').values(row).execute();
  }

  /** The account's open subscription checkout, if any. */
  async openCheckoutOf(userId: string): Promise<Pick<PaymentRow, 'id' | 'intent_id'> | undefined> {
    return this.db
      .selectFrom('payments')
      .select(['id', 'intent_id'])
      .where('user_id', '=', userId)
      .where('status', '=', 'pending')
      .where('type', '!=', 'payasyougo')
      .executeTakeFirst();
  }

  /**
   * Moves payment `id` from one of the statuses `from` to `to` (with the columns of `set`); false
   * when it was not in one of them (another request moved it first).
   */
  async move(
    id: string,
    from: string[],
    to: string,
    set: Partial<Pick<PaymentRow, 'confirmed_at' | 'card_last4' | 'pending_password_hash'>> = {},
  ): Promise<boolean> {
    const moved = await this.db
      .updateTable('payments')
      .set({ status: to, ...set })
      .where('id', '=', id)
      .where('status', 'in', from)
      .executeTakeFirst();
    return Number(moved.numUpdatedRows) === 1;
  }

  /** A checkout sign-up's payment gets the account it created (and keeps no password hash). */
  async linkToUser(paymentId: string, userId: string): Promise<void> {
    await this.db
      .updateTable('payments')
      .set({ user_id: userId, pending_password_hash: null })
      .where('id', '=', paymentId)
      .execute();
  }

  /** The first payment of subscription `subscriptionId` (its checkout). */
  async firstOfSubscription(subscriptionId: string): Promise<PaymentRow | undefined> {
    return this.db
      .selectFrom('payments')
      .selectAll()
      .where('subscription_id', '=', subscriptionId)
      .where('type', '!=', 'payasyougo')
      .orderBy('created_at', 'asc')
      .executeTakeFirst();
  }

  /** The conversions of a payment not used yet. */
  async remainingCredits(paymentId: string): Promise<number> {
    const row = await this.db
      .selectFrom('payment_credits')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('payment_id', '=', paymentId)
      .where('file_id', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The lowest unused conversion of a payment (its sequence number), if any. */
  async firstFreeCredit(paymentId: string): Promise<number | undefined> {
    const free = await this.db
      .selectFrom('payment_credits')
      .select('seq')
      .where('payment_id', '=', paymentId)
      .where('file_id', 'is', null)
      .orderBy('seq')
      .executeTakeFirst();
    return free?.seq;
  }

  /** Takes conversion `seq` of a payment for `fileId`: a compare-and-set (false when another took it first). */
  async takeCredit(paymentId: string, seq: number, fileId: string, now: number): Promise<boolean> {
    const taken = await this.db
      .updateTable('payment_credits')
      .set({ consumed_at: now, file_id: fileId })
      .where('payment_id', '=', paymentId)
      .where('seq', '=', seq)
      .where('file_id', 'is', null)
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1;
  }

  /** Gives back the conversion file `fileId` took. */
  async releaseCredit(fileId: string): Promise<void> {
    await this.db
      .updateTable('payment_credits')
      .set({ consumed_at: null, file_id: null })
      .where('file_id', '=', fileId)
      .execute();
  }

  /** The settings page's past payments of an account (succeeded ones, newest first, at most 500). */
  async succeededOf(userId: string): Promise<PaymentRow[]> {
    return this.db
      .selectFrom('payments')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', '=', 'succeeded')
      .orderBy('confirmed_at', 'desc')
      .limit(500)
      .execute();
  }

  /** Claims the receipt of a succeeded payment (receipt_sent_at): false when it went out, or is going out, already. */
  async claimReceipt(paymentId: string): Promise<boolean> {
    const claimed = await this.db
      .updateTable('payments')
      .set({ receipt_sent_at: this.clock.now() })
      .where('id', '=', paymentId)
      .where('status', '=', 'succeeded')
      .where('receipt_sent_at', 'is', null)
      .executeTakeFirst();
    return Number(claimed.numUpdatedRows) === 1;
  }

  /** Gives a receipt's claim back (its e-mail failed): the housekeeping sends it later. */
  async releaseReceiptClaim(paymentId: string): Promise<void> {
    await this.db.updateTable('payments').set({ receipt_sent_at: null }).where('id', '=', paymentId).execute();
  }

  /** Succeeded payments whose receipt has not gone out (at most 500). */
  async unreceipted(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('payments')
      .select('id')
      .where('status', '=', 'succeeded')
      .where('receipt_sent_at', 'is', null)
      .limit(500)
      .execute();
    return rows.map((r) => r.id);
  }

  /** The card the account paid with last, where known. */
  async lastCardOf(userId: string): Promise<string | null> {
    const last = await this.db
      .selectFrom('payments')
      .select('card_last4')
      .where('user_id', '=', userId)
      .where('status', '=', 'succeeded')
      .where('card_last4', 'is not', null)
      .orderBy('confirmed_at', 'desc')
      .executeTakeFirst();
    return last?.card_last4 ?? null;
  }

  /** Records a charge once per intent id (a retried event records nothing more); returns its payment's id. */
  async recordChargeOnce(row: Insertable<PaymentsTable>): Promise<string | undefined> {
    await this.db
      .insertInto('payments')
      .values(row)
      .onConflict((oc) => oc.column('intent_id').doNothing())
      .execute();
    const found = await this.db
      .selectFrom('payments')
      .select('id')
      .where('intent_id', '=', row.intent_id)
      .executeTakeFirst();
    return found?.id;
  }

  /** A deleted account's payments stay as receipts (amount, date, e-mail), unlinked from it. */
  async unlinkFromUser(userId: string): Promise<void> {
    await this.db
      .updateTable('payments')
      .set({ user_id: null, pending_password_hash: null })
      .where('user_id', '=', userId)
      .execute();
  }

  /** A checkout sign-up never paid keeps no password hash past `before`. */
  async forgetUnpaidSignups(before: number): Promise<void> {
    await this.db
      .updateTable('payments')
      .set({ pending_password_hash: null })
      .where('status', '=', 'pending')
      .where('pending_password_hash', 'is not', null)
      .where('created_at', '<', before)
      .execute();
  }
}
