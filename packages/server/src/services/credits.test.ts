/**
 * Issue 27, no lost money: a pay-as-you-go payment is a credit of conversions bound to its payment
 * and e-mail. It survives a lost tab (the browser need not confirm it), keeps until used, is
 * receipted at payment with a link to use it, and one payment may pay for several files at once.
 */
import { PAYG_MAX_FILES, type PaymentCredit, paygAmount } from '@statemint/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleCsvStatement } from '../files/sample-statements';
import { upload, waitForFile } from '../files/test-helpers';
import { startTestServer, type TestServer, testDatabases } from '../test/harness';

const DAY = 24 * 3600_000;
const CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' };

for (const db of testDatabases) {
  describe(`pay-as-you-go credits (${db})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ db });
    });
    afterAll(() => s?.close());

    const intent = (body: object) =>
      s.api<{ clientSecret: string; paymentIntentId: string; code?: string; field?: string }>(
        '/api/payments/create-payment-intent',
        { body },
      );
    const credit = (paymentIntentId: string, email: string) =>
      s.api<PaymentCredit & { code?: string }>('/api/payments/credit', { body: { paymentIntentId, email } });
    const mailsTo = (to: string) =>
      s
        .outbox()
        .map((m) => m.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
        .filter((m) => m.toLowerCase().includes(`to: ${to.toLowerCase()}`));

    it('prices a payment for several files at the per-file price times the files, up to the limit', async () => {
      const email = 'several@example.com';
      expect(await intent({ amount: 149, type: 'payasyougo', email, files: 3 })).toMatchObject({
        status: 400,
        body: { code: 'VALIDATION_FAILED', field: 'amount' },
      });
      expect(
        (await intent({ amount: paygAmount(PAYG_MAX_FILES + 1), type: 'payasyougo', email, files: PAYG_MAX_FILES + 1 }))
          .status,
      ).toBe(400);
      expect((await intent({ amount: 7000, type: 'pro', files: 2 })).status).toBe(400);
      expect((await intent({ amount: paygAmount(3), type: 'payasyougo', email, files: 3 })).status).toBe(200);
    });

    it('a payment whose tab was lost before confirming is kept, receipted with its link, and converts its files days later', async () => {
      const email = `credit-${Date.now()}@example.com`;
      const started = await intent({ amount: paygAmount(3), type: 'payasyougo', email, files: 3 });
      expect(started.status).toBe(200);
      const id = started.body.paymentIntentId;
      // Not paid yet: said so to its e-mail; unknown to any other.
      expect((await credit(id, email)).body).toEqual({ paymentIntentId: id, paid: false, files: 3, remaining: 0 });
      expect(await credit(id, 'someone@example.com')).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
      expect(await credit('pi_made_up', email)).toMatchObject({ status: 404 });

      // The card is charged, then the tab closes before /confirm: the next visit asks with the e-mail.
      const paid = await s.api('/api/payments/test-mode/confirm-card', {
        body: { clientSecret: started.body.clientSecret, ...CARD },
      });
      expect(paid.status).toBe(200);
      s.clock.advance(3 * DAY);
      expect((await credit(id, email.toUpperCase())).body).toEqual({
        paymentIntentId: id,
        paid: true,
        files: 3,
        remaining: 3,
      });

      // Receipted at payment (when the server learnt of it), once, with the link that uses it.
      const receipts = mailsTo(email).filter((m) => /Subject: Your Statemint receipt: \$4\.47/.test(m));
      expect(receipts).toHaveLength(1);
      expect(receipts[0]).toContain('For: 3 file conversions (pay-as-you-go)');
      const link = receipts[0]!.match(/Convert your 3 files: (\S+)/)?.[1];
      expect(link).toBe(`${s.url}/upload?payment=${id}&mode=payasyougo#email=${encodeURIComponent(email)}`);
      const url = new URL(link!);
      const fromLink = {
        paymentIntentId: url.searchParams.get('payment')!,
        email: new URLSearchParams(url.hash.slice(1)).get('email')!,
      };

      // Three files at once take the three conversions; a fourth is refused and nothing more is charged.
      const files = ['a.csv', 'b.csv', 'c.csv'];
      const ups = await Promise.all(
        files.map((name) =>
          upload(s, '/api/files/upload-paid', { name, bytes: sampleCsvStatement(5), fields: fromLink }),
        ),
      );
      expect(ups.map((u) => u.status)).toEqual([201, 201, 201]);
      const fourth = await upload(s, '/api/files/upload-paid', {
        name: 'd.csv',
        bytes: sampleCsvStatement(5),
        fields: fromLink,
      });
      expect(fourth).toMatchObject({
        status: 402,
        body: {
          code: 'PAYMENT_REQUIRED',
          message: 'This payment has already been used for its 3 files. Please make a new payment.',
        },
      });
      expect((await credit(id, email)).body).toMatchObject({ files: 3, remaining: 0 });
      for (const u of ups) expect((await waitForFile(s, u.body.id)).status).toBe('completed');
      // Each converted file is e-mailed with its link; the receipt is not sent again.
      await expect
        .poll(() => mailsTo(email).filter((m) => m.includes('Subject: Your Statemint conversion is ready')).length)
        .toBe(3);
      expect(mailsTo(email).filter((m) => m.includes('Subject: Your Statemint receipt'))).toHaveLength(1);

      // Deleting a converted file does not give its conversion back.
      const cap = (ups[0]!.body as { capability?: string }).capability!;
      const del = await s.api(`/api/files/${ups[0]!.body.id}`, {
        method: 'DELETE',
        headers: { 'x-file-capability': cap },
      });
      expect(del.status).toBeLessThan(300);
      expect((await credit(id, email)).body).toMatchObject({ remaining: 0 });

      // One payment row: 3 files for 4.47.
      const list = await s.ctx.db
        .selectFrom('payments')
        .select(['files', 'amount'])
        .where('intent_id', '=', id)
        .execute();
      expect(list).toEqual([{ files: 3, amount: 447 }]);
    });
  });
}
