/**
 * The review API over real HTTP: statements at their latest version, edits saved as new
 * versions (downloads follow them), the conversion restored, stale saves refused, page
 * pictures, a protected PDF opened by a retry with its password, and server-sent events.
 */
import { randomBytes } from 'node:crypto';
import { buildStatementPdf, sampleRows } from '@statemint/engine/testing';
import {
  type FileRecord,
  reconcileStatement,
  type SavedVersionResponse,
  type Statement,
  type StatementsResponse,
  setTransactionField,
} from '@statemint/shared';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editedOutputKey, outputKey } from '../files/keys';
import { sampleCsvStatement } from '../files/sample-statements';
import { proUser } from '../files/test-accounts';
import { fetchRaw, freshIp, upload, waitForFile } from '../files/test-helpers';
import { sweep } from '../sweeper/sweeper';
import { startTestServer, type TestServer, testDatabases } from '../test/harness';

const email = () => `review-${randomBytes(4).toString('hex')}@example.com`;

async function freeTrialFile(
  s: TestServer,
  name: string,
  bytes: string | Uint8Array,
  fields: Record<string, string> = {},
) {
  const res = await upload(s, '/api/files/upload-free-trial', {
    name,
    bytes,
    fields: { email: email(), ...fields },
    headers: { 'x-device-fingerprint': randomBytes(8).toString('hex') },
    ip: freshIp(),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  // The upload's capability: an anonymous file's changes need it (issue 29, N15).
  const capability = (res.body as { capability?: string }).capability ?? '';
  return { ...(await waitForFile(s, res.body.id)), capability };
}

async function pdfStatement(password?: string) {
  return buildStatementPdf({
    bank: 'Example Bank',
    holder: 'Jane Doe',
    account: '12345678',
    periodStart: '2024-03-01',
    periodEnd: '2024-03-31',
    openingCents: 100_000,
    rows: sampleRows(6),
    ...(password ? { userPassword: password } : {}),
  });
}

for (const db of testDatabases) {
  describe(`review API (${db})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ db, config: { trustProxy: 'loopback', conversionWorkers: 1 } });
    });
    afterAll(async () => {
      await s?.close();
    });

    it('saves an edit as a new version that every download uses, and restores the conversion', async () => {
      const file = await freeTrialFile(s, 'march.csv', sampleCsvStatement(8));
      const got = await s.api<StatementsResponse>(`/api/files/${file.id}/statements`);
      expect(got.status).toBe(200);
      expect(got.body.version).toBe(0);
      expect(got.body.versions.map((v) => v.kind)).toEqual(['conversion']);
      // A CSV export has no pages to picture.
      expect(got.body.pageUrl).toBeNull();
      const original = got.body.statements;
      expect(original[0]?.reconciliation.status).toBe('balanced');

      // The second row's amount mistyped: the running balance no longer adds up there.
      const edited: Statement[] = structuredClone(original);
      const st = edited[0] as Statement;
      st.transactions[1] = setTransactionField(st.transactions[1]!, 'description', 'Corrected by hand');
      st.transactions[1] = setTransactionField(st.transactions[1]!, 'amount', st.transactions[1]!.amount - 1);
      // Values that are absent stay absent (null), never a printed zero or an empty text.
      st.transactions[3] = { ...st.transactions[3]!, balance: null, credit: null, reference: null };
      st.statement.bankName = null;
      const saved = await s.api<{ version: number; file: FileRecord }>(`/api/files/${file.id}/statements`, {
        method: 'PUT',
        headers: { 'x-file-capability': file.capability },
        body: { baseVersion: 0, statements: edited },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.version).toBe(1);
      // The server's own check of the saved version.
      expect(saved.body.file.reconciliation?.status).toBe('unbalanced');
      expect(saved.body.file.reconciliation?.mismatches[0]).toMatchObject({ row: 1, statement: 0 });
      const csv = (await fetchRaw(s, `/api/download-free/${file.id}?format=csv`)).body.toString('utf8');
      expect(csv).toContain('Corrected by hand');
      // The saved version with a byte-order mark for Excel on Windows, on request only and for CSV only.
      expect(csv.charCodeAt(0)).not.toBe(0xfeff);
      const withBom = await fetchRaw(s, `/api/download-free/${file.id}?format=csv&bom=1`);
      expect([...withBom.body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(withBom.body.subarray(3).toString('utf8')).toBe(csv);
      const simpleBom = await fetchRaw(s, `/api/download-free/${file.id}?format=csv&preset=simple&bom=1`);
      expect(simpleBom.body.toString('utf8')).toMatch(/^\uFEFFDate,Description,Amount/);
      const jsonBom = await s.api(`/api/download-free/${file.id}?format=json&bom=1`);
      expect(jsonBom.status).toBe(400);
      expect(jsonBom.body).toMatchObject({ code: 'VALIDATION_FAILED' });
      const reread = await s.api<StatementsResponse>(`/api/files/${file.id}/statements`);
      expect(reread.body.statements[0]?.transactions[3]).toMatchObject({
        balance: null,
        credit: null,
        reference: null,
      });
      expect(reread.body.statements[0]?.statement.bankName).toBeNull();
      const xlsx = await fetchRaw(s, `/api/download-free/${file.id}?format=xlsx`);
      expect(xlsx.status).toBe(200);

      // A save on top of a version that is no longer the latest is refused.
      const stale = await s.api(`/api/files/${file.id}/statements`, {
        method: 'PUT',
        headers: { 'x-file-capability': file.capability },
        body: { baseVersion: 0, statements: original },
      });
      expect(stale.status).toBe(409);
      expect(stale.body).toMatchObject({ code: 'VERSION_CONFLICT' });

      // Bad input is refused before anything is stored.
      const bad: Statement[] = structuredClone(edited);
      (bad[0] as Statement).transactions[0]!.date = '31/03/2024';
      const refused = await s.api(`/api/files/${file.id}/statements`, {
        method: 'PUT',
        headers: { 'x-file-capability': file.capability },
        body: { baseVersion: 1, statements: bad },
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED' });

      const restored = await s.api<{ version: number; file: FileRecord }>(`/api/files/${file.id}/statements/restore`, {
        body: { version: 0 },
        headers: { 'x-file-capability': file.capability },
      });
      expect(restored.status).toBe(200);
      expect(restored.body.version).toBe(2);
      expect(restored.body.file.reconciliation?.status).toBe('balanced');
      const again = await s.api<StatementsResponse>(`/api/files/${file.id}/statements`);
      expect(again.body.versions.map((v) => [v.version, v.kind, v.restoredFrom ?? null])).toEqual([
        [0, 'conversion', null],
        [1, 'edit', null],
        [2, 'restore', 0],
      ]);
      expect(again.body.statements[0]?.transactions[1]?.description).toBe(original[0]?.transactions[1]?.description);
      const back = (await fetchRaw(s, `/api/download-free/${file.id}?format=csv`)).body.toString('utf8');
      expect(back).not.toContain('Corrected by hand');
    });

    it('saves only the change (PATCH): rows of the base version kept, one row sent, outputs written when downloaded', async () => {
      const file = await freeTrialFile(s, 'patch.csv', sampleCsvStatement(8));
      const got = await s.api<StatementsResponse>(`/api/files/${file.id}/statements`);
      const base = got.body.statements[0] as Statement;
      const n = base.transactions.length;
      const patch = (baseVersion: number, description: string) => ({
        baseVersion,
        statements: [
          {
            statement: { ...base.statement, bankName: 'Renamed Bank' },
            traceFrom: 0,
            issuesFrom: 0,
            rows: [
              { copy: { statement: 0, from: 0, count: 2 } },
              { row: { ...base.transactions[2], description } },
              { copy: { statement: 0, from: 3, count: n - 3 } },
            ],
          },
        ],
      });
      const headers = { 'x-file-capability': file.capability };
      const saved = await s.api<SavedVersionResponse>(`/api/files/${file.id}/statements`, {
        method: 'PATCH',
        headers,
        body: patch(0, 'Patched row'),
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.version).toBe(1);
      expect(saved.body.versions.map((v) => [v.version, v.kind])).toEqual([
        [0, 'conversion'],
        [1, 'edit'],
      ]);
      expect(saved.body.file.reconciliation?.status).toBe('balanced');
      const reread = await s.api<StatementsResponse>(`/api/files/${file.id}/statements`);
      const after = reread.body.statements[0] as Statement;
      expect(after.transactions.map((t) => t.description)).toEqual(
        base.transactions.map((t, i) => (i === 2 ? 'Patched row' : t.description)),
      );
      expect(after.statement.bankName).toBe('Renamed Bank');

      // No output is written by the save; the first download writes that format from the version.
      const files = s.app.services.files;
      expect(await files.store.exists(editedOutputKey(file.id, 1, 'csv'))).toBe(false);
      const csv = (await fetchRaw(s, `/api/download-free/${file.id}?format=csv`)).body.toString('utf8');
      expect(csv).toContain('Patched row');
      expect(await files.store.exists(editedOutputKey(file.id, 1, 'csv'))).toBe(true);
      expect((await fetchRaw(s, `/api/download-free/${file.id}?format=xlsx`)).status).toBe(200);
      expect((await fetchRaw(s, `/api/download-free/${file.id}?format=csv`)).body.toString('utf8')).toBe(csv);

      // The next save drops the earlier version's outputs.
      const second = await s.api<SavedVersionResponse>(`/api/files/${file.id}/statements`, {
        method: 'PATCH',
        headers,
        body: patch(1, 'Patched again'),
      });
      expect(second.status, JSON.stringify(second.body)).toBe(200);
      expect(await files.store.exists(editedOutputKey(file.id, 1, 'csv'))).toBe(false);
      expect((await fetchRaw(s, `/api/download-free/${file.id}?format=csv`)).body.toString('utf8')).toContain(
        'Patched again',
      );

      // A stale base, rows the base lacks, and a missing capability are refused; nothing is stored.
      const stale = await s.api(`/api/files/${file.id}/statements`, { method: 'PATCH', headers, body: patch(1, 'x') });
      expect(stale.status).toBe(409);
      expect(stale.body).toMatchObject({ code: 'VERSION_CONFLICT' });
      const beyond = patch(2, 'x');
      beyond.statements[0]!.rows[2] = { copy: { statement: 0, from: 3, count: n } };
      const refused = await s.api(`/api/files/${file.id}/statements`, { method: 'PATCH', headers, body: beyond });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED' });
      const badDate = patch(2, 'x');
      (badDate.statements[0]!.rows[1] as { row: { date: string } }).row.date = '31/03/2024';
      expect(
        (await s.api(`/api/files/${file.id}/statements`, { method: 'PATCH', headers, body: badDate })).status,
      ).toBe(400);
      expect((await s.api(`/api/files/${file.id}/statements`, { method: 'PATCH', body: patch(2, 'x') })).status).toBe(
        403,
      );
      const latest = await s.api<StatementsResponse>(`/api/files/${file.id}/statements`);
      expect(latest.body.version).toBe(2);
    });

    it('a ZIP of two statements: the CSV says which statement each row is from, and split=1 gives one file per statement', async () => {
      const bundle = zipSync({
        'march.csv': strToU8(sampleCsvStatement(4, 100_000, 1)),
        'april.csv': strToU8(sampleCsvStatement(3, 50_000, 2)),
      });
      const file = await freeTrialFile(s, 'bundle.zip', bundle);
      expect(file.statementCount).toBe(2);
      const csv = (await fetchRaw(s, `/api/download-free/${file.id}?format=csv`)).body.toString('utf8');
      const lines = csv.trim().split('\r\n');
      expect(lines[0]).toMatch(/,Page,Source,Account,Currency$/);
      expect(lines).toHaveLength(1 + 4 + 3);
      expect(lines.filter((l) => l.includes(',march.csv,'))).toHaveLength(4);
      expect(lines.filter((l) => l.includes(',april.csv,'))).toHaveLength(3);

      const zip = await fetchRaw(s, `/api/download-free/${file.id}?format=ofx&split=1`);
      expect(zip.status).toBe(200);
      expect(zip.headers.get('content-type')).toBe('application/zip');
      expect(zip.headers.get('content-disposition')).toContain('bundle_converted_ofx.zip');
      const entries = unzipSync(new Uint8Array(zip.body));
      expect(Object.keys(entries).sort()).toEqual(['bundle_1_march.ofx', 'bundle_2_april.ofx']);
      for (const data of Object.values(entries)) expect(strFromU8(data).match(/<STMTRS>/g)).toHaveLength(1);
      // The CSV of one statement, with the byte-order mark asked for.
      const csvs = unzipSync(
        new Uint8Array((await fetchRaw(s, `/api/download-free/${file.id}?format=csv&split=1&bom=1`)).body),
      );
      const april = strFromU8(csvs['bundle_2_april.csv'] as Uint8Array);
      expect([...(csvs['bundle_2_april.csv'] as Uint8Array).subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(april.trim().split('\r\n')).toHaveLength(1 + 3);
      expect((await s.api(`/api/download-free/${file.id}?format=csv&split=yes`)).status).toBe(400);
      // Dates day first on request (CSV only).
      const dmy = (await fetchRaw(s, `/api/download-free/${file.id}?format=csv&dates=dmy`)).body.toString('utf8');
      expect(dmy.split('\r\n')[1]).toMatch(/^\d{2}\/\d{2}\/2024,/);
      expect((await s.api(`/api/download-free/${file.id}?format=json&dates=dmy`)).status).toBe(400);
    });

    it("serves a PDF's pages as pictures, and a vault file's only to its owner or a signed link", async () => {
      const { pdf } = await pdfStatement();
      const file = await freeTrialFile(s, 'march.pdf', pdf);
      expect(file.status).toBe('completed');
      const got = await s.api<StatementsResponse>(`/api/files/${file.id}/statements`);
      expect(got.body.pageUrl).toMatch(/^\/api\/files\/[\w-]+\/pages\/\{page\}/);
      const png = await fetchRaw(s, got.body.pageUrl!.replace('{page}', '1'));
      expect(png.status).toBe(200);
      expect(png.headers.get('content-type')).toBe('image/png');
      expect(png.body.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect((await fetchRaw(s, got.body.pageUrl!.replace('{page}', '9'))).status).toBe(404);

      const owner = await proUser(s);
      const res = await upload(s, '/api/files/upload', { name: 'vault.pdf', bytes: pdf, token: owner.token });
      const vault = await waitForFile(s, res.body.id, owner.token);
      const signed = await s.api<StatementsResponse>(`/api/files/${vault.id}/statements`, { token: owner.token });
      expect(signed.body.pageUrl).toContain('token=');
      expect((await fetchRaw(s, signed.body.pageUrl!.replace('{page}', '1'))).status).toBe(200);
      expect((await fetchRaw(s, `/api/files/${vault.id}/pages/1`)).status).toBe(404);
      expect((await s.api(`/api/files/${vault.id}/statements`)).status).toBe(404);
    });

    it('opens a protected PDF: the upload fails asking for the password, a retry with it converts, using the same free trial', async () => {
      const password = 'open sesame';
      const { pdf } = await pdfStatement(password);
      const fp = randomBytes(8).toString('hex');
      const ip = freshIp();
      const who = { email: email(), fp, ip };
      const res = await upload(s, '/api/files/upload-free-trial', {
        name: 'locked.pdf',
        bytes: pdf,
        fields: { email: who.email },
        headers: { 'x-device-fingerprint': fp },
        ip,
      });
      const failed = await waitForFile(s, res.body.id);
      expect(failed).toMatchObject({ status: 'failed', errorCode: 'PDF_ENCRYPTED' });

      const retry = (password: string) =>
        s.api<FileRecord>(`/api/files/${res.body.id}/retry`, {
          body: { password },
          headers: { 'x-device-fingerprint': fp, 'x-forwarded-for': ip },
        });
      expect((await retry('wrong')).status).toBe(200);
      expect(await waitForFile(s, res.body.id)).toMatchObject({
        status: 'failed',
        errorCode: 'PDF_PASSWORD_INCORRECT',
      });
      expect((await retry(password)).status).toBe(200);
      const done = await waitForFile(s, res.body.id);
      expect(done.status).toBe('completed');
      expect(done.transactionCount).toBe(6);
      // Its pages open with the stored password too.
      const got = await s.api<StatementsResponse>(`/api/files/${res.body.id}/statements`);
      expect((await fetchRaw(s, got.body.pageUrl!.replace('{page}', '1'))).status).toBe(200);
      // The one free trial of this device is now used: by this file, once.
      const check = await s.api<{ canUse: boolean }>('/api/check-free-trial', {
        body: { email: who.email },
        headers: { 'x-device-fingerprint': fp, 'x-forwarded-for': ip },
      });
      expect(check.body.canUse).toBe(false);
      // A completed file is not run again.
      expect((await retry(password)).status).toBe(400);
    });

    it('takes the password as a form field of the upload itself', async () => {
      const { pdf } = await pdfStatement('s3cret');
      const file = await freeTrialFile(s, 'locked.pdf', pdf, { password: 's3cret' });
      expect(file.status).toBe('completed');
    });

    it('pushes file records as server-sent events until the conversion ends', async () => {
      const res = await upload(s, '/api/files/upload-free-trial', {
        name: 'march.csv',
        bytes: sampleCsvStatement(5),
        fields: { email: email() },
        ip: freshIp(),
      });
      const stream = await fetch(`${s.url}/api/files/events?ids=${res.body.id}`);
      expect(stream.headers.get('content-type')).toContain('text/event-stream');
      const text = await stream.text();
      const events = text
        .split('\n\n')
        .filter((e) => e.startsWith('event: file'))
        .map((e) => JSON.parse(e.slice(e.indexOf('data: ') + 6)) as FileRecord);
      expect(events.at(-1)?.status).toBe('completed');
      const unknown = await fetch(`${s.url}/api/files/events?ids=unknown-id-123`);
      expect(await unknown.text()).toContain('event: gone');
    });

    it('the shared balance check agrees with the engine on converted statements', async () => {
      const file = await freeTrialFile(s, 'april.csv', sampleCsvStatement(20, 50_000, 3));
      const got = await s.api<StatementsResponse>(`/api/files/${file.id}/statements`);
      for (const st of got.body.statements) expect(reconcileStatement(st)).toEqual(st.reconciliation);
    });

    it('an edited vault file restored from the archive, an output damaged, downloads the edit', async () => {
      const u = await proUser(s);
      const res = await upload(s, '/api/files/upload', {
        name: 'kept.csv',
        bytes: sampleCsvStatement(6),
        token: u.token,
      });
      const file = await waitForFile(s, res.body.id, u.token);
      const got = await s.api<StatementsResponse>(`/api/files/${file.id}/statements`, { token: u.token });
      const edited: Statement[] = structuredClone(got.body.statements);
      (edited[0] as Statement).transactions[0]!.description = 'Kept through the archive';
      const saved = await s.api(`/api/files/${file.id}/statements`, {
        method: 'PUT',
        body: { baseVersion: 0, statements: edited },
        token: u.token,
      });
      expect(saved.status).toBe(200);
      s.clock.advance(25 * 3600_000);
      const files = s.app.services.files;
      await sweep(files);
      // The stored CSV fails its integrity check: the restore writes the outputs again.
      await files.store.inner.put(outputKey(file.id, 'csv'), 'damaged');
      const restore = await s.api(`/api/files/${file.id}/restore`, { body: {}, token: u.token });
      expect(restore.status, JSON.stringify(restore.body)).toBe(200);
      const restored = await waitForFile(s, file.id, u.token);
      expect(restored.restoreStatus).toBe('completed');
      const csv = await fetchRaw(s, restored.csvUrl as string);
      expect(csv.body.toString('utf8')).toContain('Kept through the archive');
    });
  });
}
