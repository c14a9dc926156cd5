/**
 * Issue 27, rules that learn: a payee and category rule an account makes is applied to its later
 * conversions of that account (not to other accounts' statements, not to other users' files) and
 * lands in the CSV, QIF and QBO payee and category fields.
 */
import type { PayeeRule } from '@statemint/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proUser } from '../files/test-accounts';
import { upload, waitForFile } from '../files/test-helpers';
import { startTestServer, type TestServer, testDatabases } from '../test/harness';

/** A bank's CSV export of account `account` (the reader takes the number from its first line). */
const statementCsv = (account: string) =>
  [
    `Account Number: ${account}`,
    'Date,Description,Debit,Credit,Balance',
    '2024-03-01,Opening balance,,,1000.00',
    '2024-03-02,AMZN Mktp US*2K4 Seattle,25.00,,975.00',
    '2024-03-03,SALARY ACME,,500.00,1475.00',
    '2024-03-04,Amzn mktp  us*9Z1,10.00,,1465.00',
    '',
  ].join('\n');

for (const db of testDatabases) {
  describe(`payee and category rules (${db})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ db });
    });
    afterAll(() => s?.close());

    async function convertAndDownload(token: string, account: string, format: string, query = '') {
      const up = await upload(s, '/api/files/upload', { name: 'march.csv', bytes: statementCsv(account), token });
      expect(up.status, JSON.stringify(up.body)).toBe(201);
      expect((await waitForFile(s, up.body.id, token)).status).toBe('completed');
      const res = await fetch(`${s.url}/api/files/${up.body.id}/download/${format}${query}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      return Buffer.from(await res.arrayBuffer()).toString('utf8');
    }

    it("a rule made from a row names and files that account's later conversions in CSV, QIF and QBO", async () => {
      const u = await proUser(s);
      expect((await s.api('/api/rules')).status).toBe(401);
      expect((await s.api<PayeeRule[]>('/api/rules', { token: u.token })).body).toEqual([]);
      // Refused: a match too short to mean anything, and a rule that says nothing.
      const short = await s.api('/api/rules', {
        token: u.token,
        body: { accountNumber: null, match: 'AM', payee: 'Amazon', category: null },
      });
      expect(short).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', field: 'match' } });
      const empty = await s.api('/api/rules', {
        token: u.token,
        body: { accountNumber: null, match: 'AMZN', payee: ' ', category: null },
      });
      expect(empty).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', field: 'payee' } });

      const made = await s.api<PayeeRule>('/api/rules', {
        token: u.token,
        body: { accountNumber: '12-3456-789', match: 'AMZN Mktp', payee: 'Amazon', category: 'Office' },
      });
      expect(made.status).toBe(201);
      expect(made.body).toMatchObject({ accountNumber: '12-3456-789', match: 'AMZN Mktp', payee: 'Amazon' });
      // Another account's rule must not touch this account's rows.
      await s.api('/api/rules', {
        token: u.token,
        body: { accountNumber: '999 000', match: 'SALARY', payee: 'Not this account', category: 'Wrong' },
      });
      expect((await s.api<PayeeRule[]>('/api/rules', { token: u.token })).body).toHaveLength(2);

      // A later conversion of that account (printed with spaces this time).
      const csv = (await convertAndDownload(u.token, '12 3456 789', 'csv')).split(/\r\n/);
      expect(csv[0]).toBe('Date,Source Date,Description,Credit,Debit,Amount,Balance,Reference,Page,Payee,Category');
      expect(csv.filter((l) => l.includes('AMZN') || l.includes('Amzn'))).toHaveLength(2);
      for (const line of csv.filter((l) => /amzn/i.test(l))) expect(line).toMatch(/,Amazon,Office$/);
      expect(csv.find((l) => l.includes('SALARY'))).toMatch(/,,$/);
      const simple = await convertAndDownload(u.token, '123456789', 'csv', '?preset=simple');
      expect(simple).toContain('AMZN Mktp US*2K4 Seattle,-25.00,,Office');
      const qif = await convertAndDownload(u.token, '123456789', 'qif');
      expect(qif).toContain('PAmazon\r\nMAMZN Mktp US*2K4 Seattle\r\nLOffice\r\n^');
      const qbo = await convertAndDownload(u.token, '123456789', 'qbo');
      expect(qbo).toContain('<NAME>Amazon');
      // Another account of the same user: the rule is for 12-3456-789 only.
      expect(await convertAndDownload(u.token, '555-1', 'qif')).not.toContain('PAmazon');

      // Another user's files never get them, nor may they delete them.
      const other = await proUser(s);
      expect(await convertAndDownload(other.token, '12-3456-789', 'qif')).not.toContain('PAmazon');
      const del = (token: string) => s.api(`/api/rules/${made.body.id}`, { method: 'DELETE', token });
      expect((await del(other.token)).status).toBe(404);
      expect((await del(u.token)).status).toBe(200);
      expect(await convertAndDownload(u.token, '12-3456-789', 'qif')).not.toContain('PAmazon');
    });
  });
}
