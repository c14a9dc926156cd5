import { describe, expect, it } from 'vitest';
import { isTokenUsable, tokenExpiry } from './jwt';

const b64url = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const jwt = (payload: object) => `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(payload)}.sig`;

describe('token expiry (SPEC §4)', () => {
  it('reads exp in milliseconds', () => {
    expect(tokenExpiry(jwt({ exp: 1_900_000_000, sub: 'ü' }))).toBe(1_900_000_000_000);
    expect(tokenExpiry('garbage')).toBeNull();
    expect(tokenExpiry(jwt({ sub: 'x' }))).toBeNull();
  });
  it('accepts only unexpired tokens', () => {
    const now = 1_800_000_000_000;
    expect(isTokenUsable(jwt({ exp: 1_800_000_100 }), now)).toBe(true);
    expect(isTokenUsable(jwt({ exp: 1_799_999_999 }), now)).toBe(false);
    expect(isTokenUsable(null, now)).toBe(false);
  });
});
