import { describe, expect, it } from 'vitest';
import { findCurrency, findDateRange } from './facts';

describe('statement period', () => {
  it.each([
    ['Statement period 01/03/2024 to 31/03/2024', 'DMY', '2024-03-01', '2024-03-31'],
    ['March 4, 2022 - April 3, 2022', 'MDY', '2022-03-04', '2022-04-03'],
    ['06 June to 06 July 2023', 'DMY', '2023-06-06', '2023-07-06'],
    ['Zeitraum 01.02.2024 bis 29.02.2024', 'DMY', '2024-02-01', '2024-02-29'],
    ['Statement From : 01/01/2024 To : 31/01/2024', 'DMY', '2024-01-01', '2024-01-31'],
    ['20 Dec 2024 - 19 Jan 2025', 'DMY', '2024-12-20', '2025-01-19'],
    ['December 15, 2025 January 14, 2026', 'MDY', '2025-12-15', '2026-01-14'],
    ['Du 01/05/2024 au 31/05/2024', 'DMY', '2024-05-01', '2024-05-31'],
  ] as const)('%s', (text, order, start, end) => {
    expect(findDateRange(text, order)).toEqual({ start, end });
  });

  it('finds no period in ordinary text', () => {
    expect(findDateRange('Card payment 12/03 at 14:05', 'DMY')).toBeNull();
  });
});

describe('currency', () => {
  it('counts codes and unambiguous symbols; a bare $ names none', () => {
    expect(findCurrency(['Opening Balance £789.35', 'Closing Balance £692.02', 'USD 12.00 @ 1.2'])).toBe('GBP');
    expect(findCurrency(['Betrag (EUR)'])).toBe('EUR');
    expect(findCurrency(['$1,234.56', 'Balance $12.00'])).toBeNull();
  });
});
