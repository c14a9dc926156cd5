/**
 * The language a page's words suggest: franc's trigrams, and where languages score nearly alike,
 * the statement words each language prints.
 */
import { francAll } from 'franc';
import { describe, expect, it } from 'vitest';
import { OCR_LANGUAGES } from './backend';
import { suggestLanguage } from './language';

/** Words as OCR gives them, with line ids, from lines of text. */
const words = (lines: string[]) => lines.flatMap((l, line) => l.split(' ').map((text) => ({ text, line })));

describe('suggestLanguage', () => {
  it("tells apart languages franc scores nearly alike by the statement's own words (a Swedish card statement of merchants' names)", () => {
    const merchants = [
      'BIRKA SPORT UPPSALA',
      'KAFE LINDEN UPPSALA',
      'TAPAS BAR SANTA ANA',
      'JAVA KOPI BANDUNG',
      'PASAR BARU BANDUNG',
      'BATIK INDAH',
      'SARI ROTI',
      'NORDAN MALMO',
    ];
    // Read with the English model: no å, ä, ö.
    const page = words([
      'Kontoutdrag kreditkort',
      'Nytt saldo kr',
      'Foregaende saldo kr',
      'Inbetalningar kr',
      'Avgifter kr',
      'KOPDATUM BOKFORT TEXT BELOPP',
      ...Array.from(
        { length: 30 },
        (_, i) => `${(i % 28) + 1} dec. ${(i % 28) + 2} dec. Kortkop ${merchants[i % merchants.length]} ${100 + i},50`,
      ),
    ]);
    // The trigrams alone put Indonesian first, Swedish close behind.
    const text = page
      .map((w) => w.text)
      .filter((t) => /^\p{L}{2,}[.,:;]?$/u.test(t))
      .join(' ');
    const scores = francAll(text, { only: [...OCR_LANGUAGES], minLength: 200 });
    expect(scores[0]?.[0]).toBe('ind');
    expect(suggestLanguage(page)).toBe('swe');
  });

  it("keeps the trigrams' language where the statement words say nothing else", () => {
    const page = words(
      Array.from({ length: 12 }, () => 'Rekening koran tabungan saldo awal mutasi debet kredit keterangan transaksi'),
    );
    expect(suggestLanguage(page)).toBe('ind');
  });
});
