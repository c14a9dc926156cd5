/**
 * A document parsed in the thread that reads it talks to PDF.js's worker code through
 * InThreadPort (pdfjs-globals.mjs): text content is handed over without the structured clone,
 * with the same result; every other message is cloned as PDF.js's own port does.
 */
import { describe, expect, it, vi } from 'vitest';
import { InThreadPort, isTextChunk } from '../../pdfjs-globals.mjs';
import { buildStatementPdf, sampleRows } from '../testing/statement-pdf';
import { openPdf } from './pdfjs';

const item = (str: string, x: number) => ({
  str,
  dir: 'ltr',
  width: 20.5,
  height: 9,
  transform: [9, 0, 0, 9, x, -0],
  fontName: 'g_d0_f1',
  hasEOL: false,
});

const chunk = (items: ReturnType<typeof item>[] | Record<string, unknown>[]) => ({
  sourceName: 'worker',
  targetName: 'main',
  stream: 4, // PDF.js's StreamKind.ENQUEUE
  streamId: 3,
  chunk: {
    items,
    styles: Object.assign(Object.create(null), {
      g_d0_f1: { fontFamily: 'serif', ascent: 0.9, descent: -0.2, vertical: false },
    }),
    lang: null,
  },
});

describe('InThreadPort', () => {
  it('hands a text chunk over in a new message and chunk holding the same lists: the worker code reuses its chunk object', async () => {
    const port = new InThreadPort();
    const got: ReturnType<typeof chunk>[] = [];
    port.addEventListener('message', (e: { data: unknown }) => got.push(e.data as ReturnType<typeof chunk>));
    const message = chunk([item('05 Jan', 40), item('CARD PAYMENT', 90)]);
    const sent = message.chunk.items;
    port.postMessage(message);
    // What PDF.js's text content builder does right after sending (enqueueChunk).
    message.chunk.items = [];
    message.chunk.styles = Object.create(null);
    await Promise.resolve();
    expect(got).toHaveLength(1);
    expect(got[0]?.chunk.items).toBe(sent);
    expect(got[0]?.chunk.items).toHaveLength(2);
    expect(got[0]?.chunk.styles.g_d0_f1).toEqual({ fontFamily: 'serif', ascent: 0.9, descent: -0.2, vertical: false });
    expect(got[0]).not.toBe(message);
    expect(got[0]?.chunk).not.toBe(message.chunk);
  });

  it('knows a text chunk from other messages (which it clones)', () => {
    expect(isTextChunk(chunk([item('x', 1)]))).toBe(true);
    expect(isTextChunk(chunk([]))).toBe(true);
    expect(isTextChunk({ sourceName: 'main', targetName: 'worker', action: 'GetPage', data: { pageIndex: 0 } })).toBe(
      false,
    );
    // An operator list's chunk: its arrays are emptied and refilled after sending.
    expect(
      isTextChunk({ stream: 4, streamId: 1, chunk: { fnArray: [1], argsArray: [null], lastChunk: false, items: [] } }),
    ).toBe(false);
    expect(isTextChunk({ stream: 4, streamId: 1, chunk: { items: [], styles: null } })).toBe(false);
    expect(isTextChunk({ stream: 3, streamId: 1, chunk: { items: [], styles: {} } })).toBe(false);
  });

  it('delivers each message to every listener in a later microtask, cloned where it is not a text chunk', async () => {
    const port = new InThreadPort();
    const got: unknown[] = [];
    port.addEventListener('message', (e: { data: unknown }) => got.push(e.data));
    const data = { action: 'x', data: new Uint8Array([1, 2, 3]) };
    port.postMessage(data, [data.data.buffer]);
    expect(got).toEqual([]);
    await Promise.resolve();
    expect(got).toEqual([{ action: 'x', data: new Uint8Array([1, 2, 3]) }]);
    expect(data.data.byteLength).toBe(0); // transferred, as the structured clone does
  });

  it("reads a PDF's text in this thread through it, the same text as the parser thread sends", async () => {
    const { pdf } = await buildStatementPdf({
      bank: 'Example Savings Bank plc',
      holder: 'MS JANE EXAMPLE',
      account: '12345678',
      periodStart: '2024-03-01',
      periodEnd: '2024-03-31',
      openingCents: 150_000,
      rows: sampleRows(30),
    });
    const posted = vi.spyOn(InThreadPort.prototype, 'postMessage');
    const doc = await openPdf(pdf, undefined);
    const ours = await (await doc.getPage(1)).getTextContent();
    await doc.destroy();
    expect(posted).toHaveBeenCalled();
    posted.mockRestore();
    // The parser thread's messages are structured clones (Node's worker messages).
    const theirs = await openPdf(pdf, undefined, { thread: true });
    const expected = await (await theirs.getPage(1)).getTextContent();
    await theirs.destroy();
    expect(ours.items.length).toBeGreaterThan(30);
    // Font names hold the document's number (g_d0_f1, g_d1_f1): the rest is alike.
    const numbered = (t: unknown) => JSON.parse(JSON.stringify(t).replace(/"g_d\d+_/g, '"g_d_'));
    expect(numbered(ours)).toStrictEqual(numbered(expected));
    expect(JSON.stringify(ours)).toMatch(/"g_d\d+_f1"/);
  });
});
