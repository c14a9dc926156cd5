import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayMonth, leadingDate, parseDate, toIso } from './dates';
import { MonthVote, monthReadings } from './months';

describe('parseDate', () => {
  it.each([
    ['03/04', 3, 4, null],
    ['01/01/2024', 1, 1, 2024],
    ['02.02.', 2, 2, null],
    ['31.01.2024', 31, 1, 2024],
    ['07/31/23', 7, 31, 2023],
    // Day-month with dashes, as Dutch statements print them.
    ['10-11', 10, 11, null],
  ])('numeric %s', (text, a, b, year) => {
    expect(parseDate(text)).toMatchObject({ kind: 'numeric', a, b, year });
  });

  it.each([
    ['05 Jan 25', 5, 1, 2025],
    ['20 Dec', 20, 12, null],
    ['Nov 03', 3, 11, null],
    ['01-FEB-2024', 1, 2, 2024],
    ['Nov 1, 2024', 1, 11, 2024],
    ['March 4, 2022', 4, 3, 2022],
    ['4 janv. 2024', 4, 1, 2024],
    ['03. März 2024', 3, 3, 2024],
    ['12 dic 2023', 12, 12, 2023],
    ['1 mei 2024', 1, 5, 2024],
    // Month names of any language CLDR knows, any separator, any case, with or without the dot.
    ['01/ENE/2025', 1, 1, 2025],
    ['15-MRZ-24', 15, 3, 2024],
    ['3 févr. 2025', 3, 2, 2025],
    ['12 Okt.', 12, 10, null],
    ['15 de enero de 2025', 15, 1, 2025],
    ['22 December 2025', 22, 12, 2025],
    ['7 Şub 2025', 7, 2, 2025],
    ['24. jun. 2024', 24, 6, 2024],
    ['2025 Mar 04', 4, 3, 2025],
  ])('named %s', (text, day, month, year) => {
    expect(parseDate(text)).toMatchObject({ kind: 'named', a: day, b: month, year });
  });

  it('reads ISO dates', () => {
    expect(parseDate('2024-02-29')).toMatchObject({ kind: 'iso', a: 29, b: 2, year: 2024 });
  });

  it.each(['13/13', '32.01.', 'Total', '1234', '15 de', '12.50', '1.5'])('rejects %s', (text) => {
    expect(parseDate(text)).toBeNull();
  });

  it('finds a date at the start of a text, and no year in the next date of a pair', () => {
    expect(leadingDate('05 Jan 25 CARD PAYMENT')?.rest).toBe('CARD PAYMENT');
    expect(leadingDate('CARD 05 Jan')).toBeNull();
    expect(leadingDate('01 févr 01 févr ACHAT')?.token).toMatchObject({ a: 1, b: 2, year: null });
  });

  it('keeps the year of a date whose next word is a month only in another language ("STM" is September in Portuguese)', () => {
    expect(leadingDate('29 avr. 25 STM MONTREAL')).toMatchObject({
      token: { a: 29, b: 4, year: 2025 },
      rest: 'STM MONTREAL',
    });
  });

  it('reads two-digit year-first dates when the document says so', () => {
    const t = parseDate('23-01-04');
    expect(t && dayMonth(t, 'YMD')).toEqual({ y: 2023, m: 1, d: 4 });
    expect(t && dayMonth(t, 'DMY')).toEqual({ y: 2004, m: 1, d: 23 });
  });

  it('formats and parses every valid date back (property)', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1990-01-01'), max: new Date('2090-12-31'), noInvalidDate: true }), (d) => {
        const y = d.getUTCFullYear();
        const m = d.getUTCMonth() + 1;
        const day = d.getUTCDate();
        const dmy = parseDate(`${String(day).padStart(2, '0')}.${String(m).padStart(2, '0')}.${y}`);
        const r = dmy && dayMonth(dmy, 'DMY');
        expect(r && toIso(r.y as number, r.m, r.d)).toBe(toIso(y, m, day));
        const mdy = parseDate(`${m}/${day}/${y}`);
        const r2 = mdy && dayMonth(mdy, 'MDY');
        expect(r2 && toIso(r2.y as number, r2.m, r2.d)).toBe(toIso(y, m, day));
      }),
    );
  });
});

describe('month names from CLDR', () => {
  it('answers every reading of a name, and a document settles on its language', () => {
    expect(
      monthReadings('lis')
        .map((r) => r.month)
        .sort(),
    ).toEqual([10, 11]);
    const vote = new MonthVote();
    for (const n of ['sty', 'lut', 'lis']) vote.add(n);
    // Beside Polish "sty" and "lut", "lis" is listopad (November), not Croatian listopad (October).
    expect(vote.resolve('lis')).toBe(11);
  });
});
