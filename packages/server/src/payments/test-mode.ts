/**
 * The built-in test-mode card processor (DECISIONS.md): it behaves like a processor's test
 * mode. 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, any future expiry,
 * any CVC. Its state lives in the test_mode_intents table, as Stripe keeps its own.
 */
import { randomBytes } from 'node:crypto';
import { AppError } from '@statemint/shared';
import type { Kysely } from 'kysely';
import type { Clock } from '../context';
import type { Database } from '../db/schema';
import { type CreatedIntent, type PaymentProvider, SUBSCRIPTION_PERIOD_MS, type SubscriptionState } from './provider';

export const TEST_CARD_SUCCESS = '4242424242424242';
export const TEST_CARD_DECLINED = '4000000000000002';

export interface TestCard {
  clientSecret: string;
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export class TestModeProvider implements PaymentProvider {
  readonly mode = 'test' as const;
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  private async createIntent(amount: number): Promise<CreatedIntent> {
    const intentId = `pi_test_${randomBytes(12).toString('hex')}`;
    const clientSecret = `${intentId}_secret_${randomBytes(16).toString('hex')}`;
    const now = this.clock.now();
    await this.db
      .insertInto('test_mode_intents')
      .values({
        id: intentId,
        client_secret: clientSecret,
        amount,
        status: 'requires_payment_method',
        last_error: null,
        created_at: now,
        updated_at: now,
        card_last4: null,
      })
      .execute();
    return { intentId, clientSecret };
  }

  createPayment(input: { amount: number }): Promise<CreatedIntent> {
    return this.createIntent(input.amount);
  }

  async createSubscription(input: { amount: number; customerId: string | null }): Promise<CreatedIntent> {
    const intent = await this.createIntent(input.amount);
    return {
      ...intent,
      subscriptionId: `sub_test_${randomBytes(12).toString('hex')}`,
      customerId: input.customerId ?? `cus_test_${randomBytes(12).toString('hex')}`,
    };
  }

  async getIntentStatus(intentId: string) {
    const row = await this.db
      .selectFrom('test_mode_intents')
      .select(['status', 'amount', 'card_last4'])
      .where('id', '=', intentId)
      .executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', 'Payment not found');
    return {
      status: row.status === 'succeeded' ? ('succeeded' as const) : ('requires_payment_method' as const),
      amount: row.amount,
      cardLast4: row.card_last4,
    };
  }

  async getSubscription(_subscriptionId: string, now: number): Promise<SubscriptionState> {
    return { currentPeriodEnd: now + SUBSCRIPTION_PERIOD_MS, cancelAt: null };
  }

  async cancelAtPeriodEnd(_subscriptionId: string, currentPeriodEnd: number): Promise<SubscriptionState> {
    return { currentPeriodEnd, cancelAt: currentPeriodEnd };
  }

  async resume(_subscriptionId: string, currentPeriodEnd: number): Promise<SubscriptionState> {
    return { currentPeriodEnd, cancelAt: null };
  }

  async refund(input: { intentId: string }): Promise<void> {
    await this.db
      .updateTable('test_mode_intents')
      .set({ status: 'refunded', updated_at: this.clock.now() })
      .where('id', '=', input.intentId)
      .execute();
  }

  /** The intent a client secret belongs to (the card step is told which payment it pays). */
  async intentIdOf(clientSecret: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('test_mode_intents')
      .select('id')
      .where('client_secret', '=', clientSecret)
      .executeTakeFirst();
    return row?.id ?? null;
  }

  /** The card step that Stripe.js performs in the browser. */
  async confirmCard(card: TestCard): Promise<{ status: 'succeeded' }> {
    const intent = await this.db
      .selectFrom('test_mode_intents')
      .selectAll()
      .where('client_secret', '=', card.clientSecret)
      .executeTakeFirst();
    if (!intent)
      throw new AppError('VALIDATION_FAILED', 'No such payment: the client secret is not valid.', {
        field: 'clientSecret',
      });
    if (intent.status === 'succeeded') return { status: 'succeeded' };

    const number = card.number.replace(/[\s-]/g, '');
    if (!/^\d{12,19}$/.test(number) || !luhnValid(number))
      throw new AppError('VALIDATION_FAILED', 'Your card number is invalid.', { field: 'number' });
    const now = new Date(this.clock.now());
    const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
    if (card.expMonth < 1 || card.expMonth > 12)
      throw new AppError('VALIDATION_FAILED', "Your card's expiration month is invalid.", { field: 'expMonth' });
    const expired =
      year < now.getUTCFullYear() || (year === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1);
    if (expired)
      throw new AppError('VALIDATION_FAILED', "Your card's expiration date is in the past.", { field: 'expYear' });
    if (!/^\d{3,4}$/.test(card.cvc))
      throw new AppError('VALIDATION_FAILED', "Your card's security code is incomplete.", { field: 'cvc' });

    if (number !== TEST_CARD_SUCCESS) {
      const message =
        number === TEST_CARD_DECLINED
          ? 'Your card was declined.'
          : 'Your card was declined. Test mode accepts the test card 4242 4242 4242 4242.';
      await this.db
        .updateTable('test_mode_intents')
        .set({ last_error: message, updated_at: this.clock.now() })
        .where('id', '=', intent.id)
        .execute();
      throw new AppError('CARD_DECLINED', message);
    }
    await this.db
      .updateTable('test_mode_intents')
      .set({ status: 'succeeded', last_error: null, card_last4: number.slice(-4), updated_at: this.clock.now() })
      .where('id', '=', intent.id)
      .execute();
    return { status: 'succeeded' };
  }
}
