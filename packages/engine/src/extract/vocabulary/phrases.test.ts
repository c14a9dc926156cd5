import { describe, expect, it, vi } from 'vitest';
import { isLabelPhrase, labelPhrases, rowLabels } from './index';

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

describe('rowLabels', () => {
  it('reads a row text once, and gives each row a list of its own', () => {
    const text = 'Balance brought forward 9,105.37';
    const first = rowLabels(text);
    expect(first).toEqual(['opening']);
    const split = vi.spyOn(String.prototype, 'split');
    try {
      const again = rowLabels(text);
      expect(again).toEqual(['opening']);
      // The second answer is the first one's, not read again (leadingDate splits the words).
      expect(split).not.toHaveBeenCalled();
      expect(again).not.toBe(first);
    } finally {
      split.mockRestore();
    }
    expect(rowLabels('12/03 Card payment Tesco')).toEqual([]);
  });
});
