/**
 * The OCR backends on the same prepared page: the `tesseract` command (Debian tesseract-ocr,
 * installed by .ci/run), tesseract.js, and PaddleOCR (onnxruntime-node, models from npm). Each must return the table's words with boxes inside
 * the image, confidences and line ids that keep a row's words together; and the engine choice
 * must follow STATEMINT_OCR_ENGINE, then the command's presence.
 */
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { chooseOcrEngine, type OcrBackend, type OcrWord, tesseractCommandPresent } from './backend';
import { cliBackend, parseTsv } from './cli';
import { chooseOcrModels } from './models';
import { paddleBackend, paddleInstalled } from './paddle';
import { poolBackend } from './pool';
import { decodeImagePage, preparePage } from './prepare';
import { renderStatement, STATEMENT_ROWS } from './test-fixtures';

const backends: OcrBackend[] = [];
afterAll(async () => {
  await Promise.all(backends.map((b) => b.shutdown()));
});

async function preparedStatement(): Promise<{ image: Buffer; width: number; height: number }> {
  const page = await renderStatement({ fontPx: 24, angle: 1.5, noise: 15 });
  const grey = await decodeImagePage(page.png, 'png', 0);
  return preparePage(grey);
}

/** `spaces`: the engine keeps the spaces between words (PaddleOCR's Chinese-and-Latin model mostly drops them). */
function expectTableWords(words: OcrWord[], width: number, height: number, spaces = true): void {
  for (const w of words) {
    expect(w.x0).toBeGreaterThanOrEqual(0);
    expect(w.y0).toBeGreaterThanOrEqual(0);
    expect(w.x1).toBeLessThanOrEqual(width);
    expect(w.y1).toBeLessThanOrEqual(height);
    expect(w.x1).toBeGreaterThan(w.x0);
    expect(w.confidence).toBeGreaterThanOrEqual(0);
    expect(w.confidence).toBeLessThanOrEqual(100);
    expect(typeof w.line).toBe('number');
  }
  // Each row's date, balance and description words share one line id.
  for (const [date, description, , , balance] of STATEMENT_ROWS) {
    const d = words.find((w) => w.text === date);
    const b = words.find((w) => w.text === balance);
    expect(d, `date ${date} in ${words.map((w) => w.text).join(' ')}`).toBeDefined();
    expect(b, `balance ${balance}`).toBeDefined();
    expect(b?.line).toBe(d?.line);
    const first = (description as string).split(' ')[0] as string;
    expect(words.find((w) => (spaces ? w.text === first : w.text.startsWith(first)))?.line).toBe(d?.line);
  }
  expect(words.filter((w) => w.confidence > 80).length).toBeGreaterThan(words.length / 2);
}

const deadline = () => Date.now() + 120_000;

describe.each([
  ['tesseract', () => cliBackend()],
  ['tesseract.js', () => poolBackend()],
  ['paddle', () => paddleBackend()],
] as const)('the %s backend', (name, make) => {
  const skip = (name === 'tesseract' && !tesseractCommandPresent()) || (name === 'paddle' && !paddleInstalled());
  it.skipIf(skip)(
    'reads a prepared statement page into words with boxes and line ids',
    async () => {
      const backend = make();
      backends.push(backend);
      expect(backend.name).toBe(name);
      const page = await preparedStatement();
      const words = await backend.recognize({ image: page.image, langs: ['eng'], deadline: deadline() });
      expectTableWords(words, page.width, page.height, name !== 'paddle');
    },
    120_000,
  );

  it.skipIf(skip)(
    'reads a PNG as well, with two languages',
    async () => {
      const backend = make();
      backends.push(backend);
      const page = await renderStatement({ fontPx: 28 });
      const png = await sharp(page.png).greyscale().png().toBuffer();
      const words = await backend.recognize({ image: png, langs: ['eng', 'deu'], deadline: deadline() });
      expectTableWords(words, page.width, page.height, name !== 'paddle');
    },
    120_000,
  );

  it.skipIf(skip)('stops with TIMEOUT once the deadline has passed', async () => {
    const backend = make();
    backends.push(backend);
    const page = await preparedStatement();
    await expect(
      backend.recognize({ image: page.image, langs: ['eng'], deadline: Date.now() - 1 }),
    ).rejects.toMatchObject({ code: 'TIMEOUT' });
  });

  it.skipIf(skip)(
    'answers UNREADABLE_FILE for bytes that are no image',
    async () => {
      const backend = make();
      backends.push(backend);
      await expect(
        backend.recognize({ image: Buffer.from('not an image at all'), langs: ['eng'], deadline: deadline() }),
      ).rejects.toMatchObject({ code: 'UNREADABLE_FILE' });
    },
    60_000,
  );
});

describe('chooseOcrEngine', () => {
  it('takes STATEMINT_OCR_ENGINE when set', () => {
    expect(chooseOcrEngine({ STATEMINT_OCR_ENGINE: 'tesseract.js' })).toBe('tesseract.js');
    expect(chooseOcrEngine({ STATEMINT_OCR_ENGINE: 'tesseract' })).toBe('tesseract');
    expect(chooseOcrEngine({ STATEMINT_OCR_ENGINE: 'paddle' })).toBe('paddle');
  });

  it('uses the tesseract command when it is installed, else tesseract.js', () => {
    expect(chooseOcrEngine({})).toBe(tesseractCommandPresent() ? 'tesseract' : 'tesseract.js');
  });

  it('refuses an unknown engine by name', () => {
    expect(() => chooseOcrEngine({ STATEMINT_OCR_ENGINE: 'easyocr' })).toThrow(/STATEMINT_OCR_ENGINE/);
  });

  it('uses the best models unless told otherwise', () => {
    expect(chooseOcrModels({})).toBe('best');
    expect(chooseOcrModels({ STATEMINT_OCR_MODELS: 'fast' })).toBe('fast');
    expect(() => chooseOcrModels({ STATEMINT_OCR_MODELS: 'tiny' })).toThrow(/STATEMINT_OCR_MODELS/);
  });
});

describe('parseTsv', () => {
  it("numbers lines by block, paragraph and line, and keeps tesseract's boxes", () => {
    const tsv = [
      'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext',
      '1\t1\t0\t0\t0\t0\t0\t0\t800\t600\t-1\t',
      '4\t1\t1\t1\t1\t0\t10\t20\t300\t18\t-1\t',
      '5\t1\t1\t1\t1\t1\t10\t20\t90\t18\t96.5\t03/01/2024',
      '5\t1\t1\t1\t1\t2\t120\t21\t60\t17\t91\tGrocery',
      '5\t1\t1\t1\t1\t3\t190\t21\t5\t17\t95\t ',
      '5\t1\t1\t1\t2\t1\t10\t50\t90\t18\t-1\t1,204.80',
      '5\t1\t2\t1\t1\t1\t10\t80\t90\t18\t88\tTotal',
    ].join('\n');
    expect(parseTsv(tsv)).toEqual([
      { text: '03/01/2024', x0: 10, y0: 20, x1: 100, y1: 38, confidence: 96.5, line: 0 },
      { text: 'Grocery', x0: 120, y0: 21, x1: 180, y1: 38, confidence: 91, line: 0 },
      { text: '1,204.80', x0: 10, y0: 50, x1: 100, y1: 68, confidence: 0, line: 1 },
      { text: 'Total', x0: 10, y0: 80, x1: 100, y1: 98, confidence: 88, line: 2 },
    ]);
  });
});
