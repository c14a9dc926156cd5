/** Receipts for every successful payment, and a login modal that tells the truth about verification e-mails. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleCsvStatement } from '../files/sample-statements';
import { payForFile, proUser } from '../files/test-accounts';
import { upload, waitForFile } from '../files/test-helpers';
import { startTestServer, type TestServer, testDatabases } from '../test/harness';
import { sendPendingReceipts } from './receipts';

const DAY = 24 * 3600_000;

/** Newest e-mail to `to` with quoted-printable undone, and how many went to it. */
function mailsTo(s: TestServer, to: string): string[] {
  return s
    .outbox()
    .map((m) => m.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
    .filter((m) => m.toLowerCase().includes(`to: ${to.toLowerCase()}`));
}
const receiptsTo = (s: TestServer, to: string) =>
  mailsTo(s, to).filter((m) => /Subject: Your Statemint receipt/.test(m));

for (const db of testDatabases) {
  describe(`receipts (${db})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ db });
    });
    afterAll(() => s?.close());

    it('sends one receipt for a Pro upgrade: amount, plan, date, card ending 4242; listed on the account', async () => {
      const u = await proUser(s);
      const receipts = receiptsTo(s, u.email);
      expect(receipts).toHaveLength(1);
      const mail = receipts[0]!;
      expect(mail).toContain('Subject: Your Statemint receipt: $35');
      expect(mail).toContain('Amount: $35 USD');
      expect(mail).toContain('For: Pro plan, monthly subscription');
      expect(mail).toContain('Paid with: card ending in 4242');
      expect(mail).toMatch(/Date: \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
      // Housekeeping does not send it again.
      await sendPendingReceipts(s.ctx);
      expect(receiptsTo(s, u.email)).toHaveLength(1);

      const list = await s.api<Array<Record<string, unknown>>>('/api/account/payments', { token: u.token });
      expect(list.status).toBe(200);
      expect(list.body).toEqual([
        expect.objectContaining({
          type: 'pro',
          amount: 3500,
          currency: 'USD',
          description: 'Pro plan, monthly subscription',
          cardLast4: '4242',
          receiptSent: true,
        }),
      ]);
      expect((await s.api('/api/account/payments')).status).toBe(401);
    });

    it('receipts a test-mode renewal when the period ends, once', async () => {
      const u = await proUser(s);
      s.clock.advance(31 * DAY);
      // Sessions last a week: log in again (two at once), which renews the subscription.
      const body = { email: u.email, password: u.password };
      const [a] = await Promise.all([
        s.api<{ token: string }>('/api/auth/login', { body }),
        s.api('/api/auth/login', { body }),
      ]);
      await s.api('/api/auth/user', { token: a.body.token });
      expect(receiptsTo(s, u.email)).toHaveLength(2);
      const list = await s.api<Array<{ type: string; paidAt: string }>>('/api/account/payments', {
        token: a.body.token,
      });
      expect(list.body.map((p) => p.type)).toEqual(['pro', 'pro']);
      expect(Date.parse(list.body[0]!.paidAt)).toBeGreaterThan(Date.parse(list.body[1]!.paidAt));
    });

    it('sends the pay-as-you-go receipt at payment, with a link to use it; the converted file is e-mailed with a link to the result', async () => {
      const email = `payg-${Date.now()}@example.com`;
      const intentId = await payForFile(s, email);
      // Issue 27: sent at payment, with the link where its conversion is used (kept until used).
      expect(receiptsTo(s, email)).toHaveLength(1);
      const receipt = receiptsTo(s, email)[0]!;
      expect(receipt).toContain('Amount: $1.49 USD');
      expect(receipt).toContain('For: One file conversion (pay-as-you-go)');
      expect(receipt).toContain(
        `Convert your file: ${s.url}/upload?payment=${intentId}&mode=payasyougo#email=${encodeURIComponent(email)}`,
      );
      const up = await upload(s, '/api/files/upload-paid', {
        name: 'March.csv',
        bytes: sampleCsvStatement(8),
        fields: { email, paymentIntentId: intentId },
      });
      expect(up.status).toBe(201);
      expect((await waitForFile(s, up.body.id)).status).toBe('completed');
      const ready = () =>
        mailsTo(s, email).filter((m) => m.includes('Subject: Your Statemint conversion is ready: March.csv'));
      await expect.poll(() => ready().length).toBe(1);
      const mail = ready()[0]!;
      const link = mail.match(/Your converted file: (\S+)/)?.[1];
      // With the upload's capability in the fragment (issue 29): whoever holds the mail may edit and delete the file.
      const capability = (up.body as { capability?: string }).capability;
      expect(capability).toMatch(/^[\w-]{32}$/);
      expect(link).toBe(`${s.url}/review?file=${up.body.id}#capability=${capability}`);
      // The result page reviews and downloads that file (issue 14).
      const res = await fetch(`${s.url}/api/download-free/${new URL(link!).searchParams.get('file')}?format=excel`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('spreadsheetml');
      await sendPendingReceipts(s.ctx);
      expect(receiptsTo(s, email)).toHaveLength(1);
      const fromLink = new URLSearchParams(new URL(link!).hash.slice(1)).get('capability') as string;
      const del = (headers: Record<string, string>) => s.api(`/api/files/${up.body.id}`, { method: 'DELETE', headers });
      expect((await del({})).status).toBe(403);
      expect((await del({ 'x-file-capability': fromLink })).status).toBeLessThan(300);
    });
  });

  describe(`login on an unverified e-mail (${db})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ db });
    });
    afterAll(() => s?.close());

    it('says a link was sent only when this login sent one', async () => {
      const email = `unverified-${Date.now()}@example.com`;
      const body = { email, password: 'correct horse battery' };
      expect((await s.api('/api/auth/register', { body: { ...body, name: 'Una' } })).status).toBe(201);
      expect(mailsTo(s, email)).toHaveLength(1);

      // Minutes after registering: the link in the inbox still works; nothing new is sent, and it says so.
      const early = await s.api('/api/auth/login', { body });
      expect(early.status).toBe(200);
      expect(early.body).toEqual({
        requiresVerification: true,
        verificationSent: false,
        message: `Please verify your email before logging in. We sent a verification link to ${email} a few minutes ago: please check your inbox and spam folder.`,
      });
      expect(mailsTo(s, email)).toHaveLength(1);

      // Later: this login sends a new link, and says so.
      s.clock.advance(11 * 60_000);
      const later = await s.api('/api/auth/login', { body });
      expect(later.body).toEqual({
        requiresVerification: true,
        verificationSent: true,
        message: `Please verify your email before logging in. We have sent a new verification link to ${email}.`,
      });
      expect(mailsTo(s, email)).toHaveLength(2);
      const verified = await s.api(`/api/auth/verify-email?token=${s.lastVerificationToken(email)}`);
      expect(verified.status).toBe(200);

      // A wrong password says nothing about verification and sends nothing.
      const wrong = await s.api('/api/auth/login', { body: { email, password: 'wrong password!' } });
      expect(wrong.status).toBe(401);
      expect(mailsTo(s, email)).toHaveLength(2);
    });
  });
}
