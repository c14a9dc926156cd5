import { describe, expect, it } from 'vitest';
import { isLabelPhrase, labelPhrases } from './index';

describe('labelPhrases: header labels a reader joined into one run', () => {
  it('divides a run into the known phrases it is made of, in any language', () => {
    expect(labelPhrases('TRANSACTION AMOUNT CLOSING BALANCE SERVICE FEE')).toEqual([
      'TRANSACTION AMOUNT',
      'CLOSING BALANCE',
      'SERVICE FEE',
    ]);
    expect(labelPhrases('Orijinal Tutar Döviz Kuru İşlem Tutarı')).toEqual([
      'Orijinal Tutar',
      'Döviz Kuru',
      'İşlem Tutarı',
    ]);
    expect(labelPhrases('Date Description')).toEqual(['Date', 'Description']);
  });

  it('is null for one label, known or not, and for text that holds one phrase at most', () => {
    expect(isLabelPhrase('Closing balance')).toBe(true);
    expect(labelPhrases('Closing balance')).toBeNull();
    expect(labelPhrases('Payment type and details')).toBeNull();
    expect(labelPhrases('CARD PURCHASE CHECKERS GQEBERHA')).toBeNull();
  });
});
