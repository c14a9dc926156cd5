import { describe, expect, it } from 'vitest';
import { cardComplete, formatCardNumber, formatExpiry, luhnValid, parseExpiry } from './testCard';

const now = new Date('2026-06-15T00:00:00Z');

describe('test-mode card form checks', () => {
  it('accepts the test cards and rejects typos', () => {
    expect(luhnValid('4242 4242 4242 4242')).toBe(true);
    expect(luhnValid('4000 0000 0000 0002')).toBe(true);
    expect(luhnValid('4242 4242 4242 4241')).toBe(false);
    expect(luhnValid('4242')).toBe(false);
  });
  it('formats as the user types', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatExpiry('1230')).toBe('12 / 30');
    expect(formatExpiry('1')).toBe('1');
  });
  it('needs a real month that has not passed', () => {
    expect(parseExpiry('12 / 30', now)).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry('06/26', now)).toEqual({ month: 6, year: 2026 });
    expect(parseExpiry('05/26', now)).toBeNull();
    expect(parseExpiry('13/30', now)).toBeNull();
    expect(parseExpiry('1/3', now)).toBeNull();
  });
  it('is complete only with number, expiry and CVC', () => {
    expect(cardComplete({ number: '4242424242424242', expiry: '12/30', cvc: '123' }, now)).toBe(true);
    expect(cardComplete({ number: '4242424242424242', expiry: '12/30', cvc: '12' }, now)).toBe(false);
  });
});
