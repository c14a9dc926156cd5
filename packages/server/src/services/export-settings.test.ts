/**
 * Issue 27, export options: CSV column choice and order on both download routes (`columns=`), and
 * remembered per account with the date format and byte-order mark (GET/PUT
 * /api/account/export-settings): the account's CSV downloads that do not say otherwise use them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleCsvStatement } from '../files/sample-statements';
import { proUser } from '../files/test-accounts';
import { upload, waitForFile } from '../files/test-helpers';
import { startTestServer, type TestServer, testDatabases } from '../test/harness';

for (const db of testDatabases) {
  describe(`CSV columns, remembered per account (${db})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ db });
    });
    afterAll(() => s?.close());

    async function converted(token: string) {
      const up = await upload(s, '/api/files/upload', { name: 'march.csv', bytes: sampleCsvStatement(6), token });
      expect(up.status).toBe(201);
      expect((await waitForFile(s, up.body.id, token)).status).toBe('completed');
      return up.body.id;
    }
    const get = async (token: string, id: string, query: string) => {
      const res = await fetch(`${s.url}/api/files/${id}/download/csv${query}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const text = Buffer.from(await res.arrayBuffer()).toString('utf8');
      return { status: res.status, text, header: text.split('\r\n')[0] };
    };

    it('a download chooses its columns and their order; wrong lists are refused', async () => {
      const u = await proUser(s);
      const id = await converted(u.token);
      const chosen = await get(u.token, id, '?columns=amount,date,description,category');
      expect(chosen.status).toBe(200);
      expect(chosen.header).toBe('Amount,Date,Description,Category');
      expect(chosen.text.split('\r\n')).toHaveLength(6 + 2); // header, 6 rows, final line end
      for (const bad of ['date,date', 'date,nope', ',']) {
        const r = await get(u.token, id, `?columns=${bad}`);
        expect(r.status).toBe(400);
        expect(JSON.parse(r.text)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'columns' });
      }
      const qif = await fetch(`${s.url}/api/files/${id}/download/qif?columns=date`, {
        headers: { authorization: `Bearer ${u.token}` },
      });
      expect(qif.status).toBe(400);
      // With dates and a byte-order mark too.
      const both = await get(u.token, id, '?columns=date,amount&dates=dmy&bom=1');
      expect(both.header).toBe('\uFEFFDate,Amount');
      expect(both.text.split('\r\n')[1]).toMatch(/^\d{2}\/\d{2}\/2024,-?\d+\.\d{2}$/);
    });

    it("the account's columns are kept and used by its CSV downloads that choose none", async () => {
      const u = await proUser(s);
      const other = await proUser(s);
      expect((await s.api('/api/account/export-settings')).status).toBe(401);
      expect((await s.api('/api/account/export-settings', { token: u.token })).body).toEqual({
        csvColumns: null,
        csvDates: 'iso',
        bom: false,
      });
      const dup = await s.api('/api/account/export-settings', {
        method: 'PUT',
        token: u.token,
        body: { csvColumns: ['date', 'date'], csvDates: 'iso', bom: false },
      });
      expect(dup.status).toBe(400);
      const saved = await s.api('/api/account/export-settings', {
        method: 'PUT',
        token: u.token,
        body: { csvColumns: ['date', 'description', 'debit', 'credit'], csvDates: 'dmy', bom: true },
      });
      expect(saved).toMatchObject({
        status: 200,
        body: { csvColumns: ['date', 'description', 'debit', 'credit'], csvDates: 'dmy', bom: true },
      });
      expect((await s.api('/api/account/export-settings', { token: u.token })).body).toEqual(saved.body);

      const id = await converted(u.token);
      const remembered = await get(u.token, id, '');
      expect(remembered.header).toBe('\uFEFFDate,Description,Debit,Credit');
      expect(remembered.text.split('\r\n')[1]).toMatch(/^\d{2}\/03\/2024,/);
      // A download that says otherwise gets what it says.
      expect((await get(u.token, id, '?columns=amount&bom=0')).header).toBe('Amount');
      expect((await get(u.token, id, '?preset=simple&bom=0')).header).toBe(
        'Date,Description,Amount,Reference,Category',
      );
      expect((await get(u.token, id, '?dates=iso&bom=0')).text.split('\r\n')[1]).toMatch(/^2024-03-\d{2},/);
      // Another account's downloads are its own.
      const theirs = await converted(other.token);
      expect((await get(other.token, theirs, '')).header).toBe(
        'Date,Source Date,Description,Credit,Debit,Amount,Balance,Reference,Page',
      );
      // Back to the preset's.
      await s.api('/api/account/export-settings', {
        method: 'PUT',
        token: u.token,
        body: { csvColumns: null, csvDates: 'iso', bom: false },
      });
      expect((await get(u.token, id, '')).header).toBe(
        'Date,Source Date,Description,Credit,Debit,Amount,Balance,Reference,Page',
      );
    });
  });
}
