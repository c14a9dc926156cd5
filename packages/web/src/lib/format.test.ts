import { describe, expect, it } from 'vitest';
import { formatAmount, formatFileSize, formatRelativeTime } from './format';

const now = Date.parse('2025-03-10T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('formatRelativeTime (SPEC §9)', () => {
  it.each([
    [0, 'Just now'],
    [119_000, 'Just now'],
    [2 * MIN, '2 minutes ago'],
    [59 * MIN, '59 minutes ago'],
    [HOUR, '1 hour ago'],
    [2 * HOUR - 1, '1 hour ago'],
    [2 * HOUR, '2 hours ago'],
    [23 * HOUR, '23 hours ago'],
    [DAY, 'Yesterday'],
    [2 * DAY, '2 days ago'],
    [6 * DAY, '6 days ago'],
  ])('%i ms ago reads %s', (ms, text) => {
    expect(formatRelativeTime(ago(ms), now)).toBe(text);
  });

  it('uses a short US date from 7 days on', () => {
    expect(formatRelativeTime('2025-01-29T12:00:00Z', now)).toBe('Jan 29, 2025');
  });
  it('treats future times as just now and bad input as empty', () => {
    expect(formatRelativeTime(new Date(now + DAY), now)).toBe('Just now');
    expect(formatRelativeTime('not a date', now)).toBe('');
  });
});

describe('formatFileSize (SPEC §9)', () => {
  it.each([
    [0, '0 Bytes'],
    [500, '500 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1234567, '1.18 MB'],
    [10 * 1024 * 1024, '10 MB'],
    [1024 ** 3 * 2.5, '2.5 GB'],
    [1024 ** 4, '1 TB'],
  ])('%i bytes is %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});

describe('formatAmount', () => {
  it('uses the currency when it is an ISO code', () => {
    expect(formatAmount(-1234.5, 'USD')).toBe('-$1,234.50');
    expect(formatAmount(12, null)).toBe('12.00');
    expect(formatAmount(null, 'USD')).toBe('');
  });
});
