/**
 * Where the LSTM language data comes from. `best` (the default: the more accurate on the bench,
 * see docs/ARCHITECTURE.md) is tessdata_best converted to integers, from the @tesseract.js-data
 * npm packages; `fast` is tessdata_fast from Debian's tesseract-ocr-LANG packages. Nothing is
 * ever fetched. STATEMINT_OCR_MODELS chooses (for measurements).
 */
import {
  existsSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { AppError } from '@statemint/shared';
import { OCR_LANGUAGES, type OcrLanguage } from './backend';

export const OCR_MODELS = ['best', 'fast'] as const;
export type OcrModels = (typeof OCR_MODELS)[number];

export function chooseOcrModels(env: NodeJS.ProcessEnv = process.env): OcrModels {
  const wanted = env.STATEMINT_OCR_MODELS?.trim();
  if (!wanted) return 'best';
  if (!(OCR_MODELS as readonly string[]).includes(wanted))
    throw new AppError('CONVERSION_FAILED', `STATEMINT_OCR_MODELS must be best or fast (it is "${wanted}").`);
  return wanted as OcrModels;
}

export interface LanguageData {
  /** A folder holding `${lang}.traineddata` (or `.traineddata.gz` when gzip). */
  dir: string;
  gzip: boolean;
}

const require = createRequire(import.meta.url);
const userTag = () => process.getuid?.() ?? 'user';

/** The npm package's gzipped best_int file for a language. */
function bestFile(lang: OcrLanguage): string {
  return join(
    dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`)),
    '4.0.0_best_int',
    `${lang}.traineddata.gz`,
  );
}

/** Debian's tessdata folders, newest first (TESSDATA_PREFIX first when set). */
function systemTessdata(): string | null {
  const dirs = [
    process.env.TESSDATA_PREFIX,
    '/usr/share/tesseract-ocr/5/tessdata',
    '/usr/share/tesseract-ocr/4.00/tessdata',
    '/usr/share/tessdata',
  ].filter((d): d is string => !!d);
  return dirs.find((d) => existsSync(join(d, 'eng.traineddata'))) ?? null;
}

const cache = new Map<string, LanguageData>();

/**
 * The language data for an engine: tesseract.js reads gzipped files from one folder (a folder of
 * symlinks joins the npm packages' folders); the command reads plain files (the npm data is
 * unpacked once into a temporary folder).
 */
export function languageData(models: OcrModels, gzipOk: boolean): LanguageData {
  const key = `${models}:${gzipOk}`;
  const known = cache.get(key);
  if (known) return known;
  let data: LanguageData;
  if (models === 'fast') {
    const dir = systemTessdata();
    const missing = OCR_LANGUAGES.filter((l) => !dir || !existsSync(join(dir, `${l}.traineddata`)));
    if (!dir || missing.length)
      throw new AppError(
        'CONVERSION_FAILED',
        `The fast OCR models need Debian's tesseract-ocr-${missing.join(', tesseract-ocr-')} packages.`,
      );
    data = { dir, gzip: false };
  } else if (gzipOk) {
    const dir = join(tmpdir(), `statemint-tessdata-${userTag()}`);
    mkdirSync(dir, { recursive: true });
    for (const lang of OCR_LANGUAGES) {
      const target = bestFile(lang);
      const link = join(dir, `${lang}.traineddata.gz`);
      if (existsSync(link) && realpathSync(link) === realpathSync(target)) continue;
      rmSync(link, { force: true });
      try {
        symlinkSync(target, link);
      } catch (e) {
        // Another process made it at the same moment.
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
    }
    data = { dir, gzip: true };
  } else {
    const dir = join(tmpdir(), `statemint-tessdata-best-${userTag()}`);
    mkdirSync(dir, { recursive: true });
    for (const lang of OCR_LANGUAGES) {
      const file = join(dir, `${lang}.traineddata`);
      if (existsSync(file)) continue;
      // Written beside and renamed: another process never sees half a file.
      const part = `${file}.${process.pid}.part`;
      writeFileSync(part, gunzipSync(readFileSync(bestFile(lang))));
      renameSync(part, file);
    }
    data = { dir, gzip: false };
  }
  cache.set(key, data);
  return data;
}
