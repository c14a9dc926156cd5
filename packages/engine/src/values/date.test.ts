import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inferDayOrder, leadingDate, parseDateToken, resolveDayMonth, toIso, yearFor } from './date';

describe('parseDateToken', () => {
  it.each([
    ['03/04', 3, 4, null],
    ['01/01/2024', 1, 1, 2024],
    ['02.02.', 2, 2, null],
    ['31.01.2024', 31, 1, 2024],
    ['07/31/23', 7, 31, 2023],
  ])('numeric %s', (text, a, b, year) => {
    const t = parseDateToken(text);
    expect(t).toMatchObject({ kind: 'numeric', a, b, year });
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
    ['15 de', null, null, null],
    ['12 dic 2023', 12, 12, 2023],
    ['1 mei 2024', 1, 5, 2024],
  ])('named %s', (text, day, month, year) => {
    const t = parseDateToken(text);
    if (day === null) expect(t).toBeNull();
    else expect(t).toMatchObject({ kind: 'named', day, month, year });
  });

  it('reads ISO dates', () => {
    expect(parseDateToken('2024-02-29')).toMatchObject({ kind: 'iso', day: 29, month: 2, year: 2024 });
  });

  it.each(['13/13', '32.01.', 'Total', '1234', '12-05'])('rejects %s', (text) => {
    expect(parseDateToken(text)).toBeNull();
  });

  it('finds a date at the start of a text', () => {
    expect(leadingDate('05 Jan 25 CARD PAYMENT')?.rest).toBe('CARD PAYMENT');
    expect(leadingDate('CARD 05 Jan')).toBeNull();
  });
});

describe('day order and years', () => {
  it('decides DD/MM against MM/DD by evidence', () => {
    const tokens = ['03/04', '03/25', '04/01'].map((t) => parseDateToken(t)!);
    expect(inferDayOrder(tokens)).toBe('MDY');
    expect(inferDayOrder(['13/01/2024', '02/01/2024'].map((t) => parseDateToken(t)!))).toBe('DMY');
    expect(inferDayOrder(['01/02/2024'].map((t) => parseDateToken(t)!))).toBeNull();
  });

  it('resolves a missing year across a December to January turn', () => {
    const period = { start: '2024-12-20', end: '2025-01-19' };
    expect(yearFor(12, 28, period, 2000)).toBe(2024);
    expect(yearFor(1, 3, period, 2000)).toBe(2025);
    expect(yearFor(3, 4, { start: '2022-03-04', end: '2022-04-03' }, 2000)).toBe(2022);
  });

  it('formats and parses every valid date back (property)', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1990-01-01'), max: new Date('2090-12-31'), noInvalidDate: true }), (d) => {
        const y = d.getUTCFullYear();
        const m = d.getUTCMonth() + 1;
        const day = d.getUTCDate();
        const dmy = parseDateToken(`${String(day).padStart(2, '0')}.${String(m).padStart(2, '0')}.${y}`)!;
        const r = resolveDayMonth(dmy, 'DMY');
        expect(toIso(r.y!, r.m, r.d)).toBe(toIso(y, m, day));
        const mdy = parseDateToken(`${m}/${day}/${y}`)!;
        const r2 = resolveDayMonth(mdy, 'MDY');
        expect(toIso(r2.y!, r2.m, r2.d)).toBe(toIso(y, m, day));
      }),
    );
  });
});
