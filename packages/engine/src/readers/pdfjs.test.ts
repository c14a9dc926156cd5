/**
 * Encrypted PDFs open as every viewer opens them. The test PDFs are encrypted by pdfkit (pure
 * JavaScript, so CI needs no qpdf): RC4 40 and 128 bits, AES-128 and AES-256 (revision 5), with
 * only an owner password, with a user password, and with a user password beside an empty owner
 * password (PDF.js alone asks for a password there; other viewers open it).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { convert } from '../convert';
import { extraRef, rawPdf } from '../testing/raw-pdf';
import { buildStatementPdf, sampleRows } from '../testing/statement-pdf';
import { PAGES_AHEAD, readPdf } from './pdf';
import { EMPTY_OWNER_PASSWORD, loadPdfJs, parserStopped, parserThreadId, startParserThread } from './pdfjs';

const base = {
  bank: 'Example Savings Bank plc',
  holder: 'MS JANE EXAMPLE',
  account: '12345678',
  periodStart: '2024-03-01',
  periodEnd: '2024-03-31',
  openingCents: 150_000,
  rows: sampleRows(6),
};

// pdfVersion -> the Encrypt dictionary pdfkit writes (V = algorithm, R = revision).
const ENCRYPTIONS = [
  ['RC4 40-bit', '1.3', 1, 2],
  ['RC4 128-bit', '1.4', 2, 3],
  ['AES-128', '1.6', 4, 4],
  ['AES-256', '1.7ext3', 5, 5],
] as const;

/** The Encrypt dictionary really is there, with this algorithm: the test cannot pass on a plain PDF. */
function expectEncryption(pdf: Uint8Array, v: number, r: number): void {
  const text = Buffer.from(pdf).toString('latin1');
  expect(text).toMatch(/\/Encrypt \d+ 0 R/);
  expect(text).toMatch(new RegExp(`/Filter /Standard[^]*?/V ${v}\\b`));
  expect(text).toMatch(new RegExp(`/R ${r}\\b`));
}

const withoutBoxes = (statements: Awaited<ReturnType<typeof convert>>) =>
  statements[0]?.transactions.map(({ bbox, ...t }) => t);

describe('encrypted PDFs', () => {
  it.each(ENCRYPTIONS)(
    '%s with only an owner password (copy restricted): converts without a password, and with any password given',
    async (_name, pdfVersion, v, r) => {
      const { pdf, expected } = await buildStatementPdf({ ...base, ownerPassword: 'owner-secret', pdfVersion });
      expectEncryption(pdf, v, r);
      expect(withoutBoxes(await convert(pdf, { fileName: 'restricted.pdf' }))).toEqual(expected);
      // A password meant for another file of the batch (the CLI's --password) does not lock it.
      expect(withoutBoxes(await convert(pdf, { fileName: 'restricted.pdf', password: 'for-another-file' }))).toEqual(
        expected,
      );
      expect(withoutBoxes(await convert(pdf, { fileName: 'restricted.pdf', password: 'owner-secret' }))).toEqual(
        expected,
      );
    },
  );

  it.each(ENCRYPTIONS.slice(0, 3))(
    '%s with a user password and an empty owner password: converts without a password, as every viewer opens it',
    async (_name, pdfVersion, v, r) => {
      const { pdf, expected } = await buildStatementPdf({
        ...base,
        userPassword: 'user-secret',
        ownerPassword: '',
        pdfVersion,
      });
      expectEncryption(pdf, v, r);
      expect(withoutBoxes(await convert(pdf, { fileName: 'owner-empty.pdf' }))).toEqual(expected);
      expect(withoutBoxes(await convert(pdf, { fileName: 'owner-empty.pdf', password: 'user-secret' }))).toEqual(
        expected,
      );
      // Not an unencrypted file: without the empty owner password it needs the user password.
      const pdfjs = await loadPdfJs();
      await expect(pdfjs.getDocument({ data: new Uint8Array(pdf), password: '' }).promise).rejects.toMatchObject({
        name: 'PasswordException',
      });
    },
  );

  it('the empty owner password is the padding string of the standard security handler', () => {
    // As ISO 32000-1 (7.6.3.3, algorithm 2, step a) prints it.
    const padding = '28 BF 4E 5E 4E 75 8A 41 64 00 4E 56 FF FA 01 08 2E 2E 00 B6 D0 68 3E 80 2F 0C A9 FE 64 53 69 7A';
    expect(
      [...EMPTY_OWNER_PASSWORD].map((c) => c.charCodeAt(0).toString(16).padStart(2, '0').toUpperCase()).join(' '),
    ).toBe(padding);
  });

  it.each(ENCRYPTIONS)(
    '%s with a user password: PDF_ENCRYPTED without it, PDF_PASSWORD_INCORRECT with a wrong one, converts with the user or the owner password',
    async (_name, pdfVersion, v, r) => {
      const { pdf, expected } = await buildStatementPdf({
        ...base,
        userPassword: 'user-secret',
        ownerPassword: 'owner-secret',
        pdfVersion,
      });
      expectEncryption(pdf, v, r);
      await expect(convert(pdf, { fileName: 'locked.pdf' })).rejects.toMatchObject({ code: 'PDF_ENCRYPTED' });
      await expect(convert(pdf, { fileName: 'locked.pdf', password: 'nope' })).rejects.toMatchObject({
        code: 'PDF_PASSWORD_INCORRECT',
      });
      expect(withoutBoxes(await convert(pdf, { fileName: 'locked.pdf', password: 'user-secret' }))).toEqual(expected);
      expect(withoutBoxes(await convert(pdf, { fileName: 'locked.pdf', password: 'owner-secret' }))).toEqual(expected);
    },
  );
});

describe('loading PDF.js', () => {
  it("does not load Node's fetch (undici), which reading PDFs from bytes never uses; Response works after", () => {
    // In a process of its own: this one may have loaded it already. pdfjs-preload loads both of
    // PDF.js's modules here (pdfjs-thread.mjs loads its worker module the same way).
    const preload = fileURLToPath(new URL('../../pdfjs-preload.mjs', import.meta.url));
    const script = `
      const undici = () => process.moduleLoadList.some((m) => m.includes('undici'));
      await import(${JSON.stringify(preload)});
      const before = undici();
      const bytes = typeof Response.prototype.bytes;
      console.log(JSON.stringify({ before, bytes, after: undici(), worker: typeof globalThis.pdfjsWorker?.WorkerMessageHandler }));`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      env: { ...process.env, STATEMINT_PDF_THREAD: '0' },
    });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({ before: false, bytes: 'function', after: true, worker: 'function' });
  });
});

describe('the parser thread (the command line parses PDFs in a thread of its own)', () => {
  it('reads every page as the calling thread does, pages asked ahead in their order', async () => {
    const { pdf } = await buildStatementPdf({ ...base, rows: sampleRows(130), rowsPerPage: 20 });
    const here = await readPdf(pdf, { deadline: Date.now() + 60_000 });
    const there = await readPdf(pdf, { deadline: Date.now() + 60_000, thread: true });
    expect(here.pages.length).toBeGreaterThan(PAGES_AHEAD + 1);
    expect(there).toEqual(here);
  });

  it('starts ahead of the first document, which it then parses, and stops after it', async () => {
    // The command line starts it before it loads the engine (cli/run.ts): both load at once.
    const { pdf } = await buildStatementPdf({ ...base, rows: sampleRows(30), rowsPerPage: 20 });
    expect(parserThreadId()).toBeNull();
    startParserThread();
    const started = parserThreadId();
    expect(started).toEqual(expect.any(Number));
    startParserThread();
    expect(parserThreadId()).toBe(started);
    const read = readPdf(pdf, { deadline: Date.now() + 60_000, thread: true });
    expect(parserThreadId()).toBe(started);
    expect(await read).toEqual(await readPdf(pdf, { deadline: Date.now() + 60_000 }));
    expect(parserThreadId()).toBeNull();
  });

  it('opens encrypted PDFs and refuses wrong passwords as the calling thread does', async () => {
    const { pdf } = await buildStatementPdf({ ...base, userPassword: 'user-secret', ownerPassword: 'owner-secret' });
    const opts = { deadline: Date.now() + 60_000, thread: true };
    await expect(readPdf(pdf, opts)).rejects.toMatchObject({ code: 'PDF_ENCRYPTED' });
    await expect(readPdf(pdf, { ...opts, password: 'nope' })).rejects.toMatchObject({ code: 'PDF_PASSWORD_INCORRECT' });
    expect(await readPdf(pdf, { ...opts, password: 'user-secret' })).toEqual(
      await readPdf(pdf, { deadline: Date.now() + 60_000, password: 'user-secret' }),
    );
  });

  it('a page without text is judged from what it paints there too, and OCR draws from a document opened here', async () => {
    const { pdf } = await buildStatementPdf({ ...base, watermarkPages: 1 });
    const here = await readPdf(pdf, { deadline: Date.now() + 60_000 });
    expect(here.textless).toEqual([{ page: 2, ocr: false, why: 'no text layer; nothing drawn to read' }]);
    expect(await readPdf(pdf, { deadline: Date.now() + 60_000, thread: true })).toEqual(here);

    const scan = rawPdf(
      [{ content: 'q 515 0 0 700 40 100 cm /Im0 Do Q', resources: `<< /XObject << /Im0 ${extraRef(1, 0)} >> >>` }],
      [
        {
          dict: '<< /Type /XObject /Subtype /Image /Width 40 /Height 20 /ColorSpace /DeviceGray /BitsPerComponent 8 >>',
          stream: new Uint8Array(800).fill(128),
        },
      ],
    );
    const drawn: number[] = [];
    await readPdf(scan, {
      deadline: Date.now() + 60_000,
      thread: true,
      ocrPages: async (doc, pages) => {
        expect(parserStopped(doc)).toBeNull();
        drawn.push((await doc.getPage(1)).view[2] as number, ...pages);
        return [];
      },
    });
    expect(drawn).toEqual([595, 1]);
  });

  it('a file that is no PDF is UNREADABLE_FILE', async () => {
    const junk = new TextEncoder().encode('%PDF-1.7\nnot really a PDF at all\n%%EOF');
    await expect(readPdf(junk, { deadline: Date.now() + 60_000, thread: true })).rejects.toMatchObject({
      code: 'UNREADABLE_FILE',
    });
  });
});
