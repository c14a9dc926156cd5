/** The holder is read from a labelled fact, never from a notice's sentence that uses a holder word. */
import { describe, expect, it } from 'vitest';
import type { Token, TokenLine } from '../tokens/tokenise';
import { findHolder } from './account';

const line = (...texts: string[]) =>
  ({
    tokens: texts.map((text, i) => ({ kind: 'text', text, x0: i * 400, x1: i * 400 + 390, size: 10 }) as Token),
  }) as TokenLine;

describe('findHolder', () => {
  it('reads the value after a holder label', () => {
    expect(findHolder([line('Account holder:', 'Maria Lopez')])).toBe('Maria Lopez');
  });

  it('skips a sentence that uses a holder word, and reads the label further down', () => {
    const notice = line(
      'If you think there is an error, write to us and give us the following information: Account information (your name and account number)',
    );
    expect(findHolder([notice])).toBeNull();
    expect(findHolder([notice, line('Name:', 'Maria Lopez')])).toBe('Maria Lopez');
  });
});

describe('findHolder on a list of what to tell the bank', () => {
  it('reads no holder from "Your name and account number"', () => {
    expect(findHolder([line('Your name and account number')])).toBeNull();
    expect(findHolder([line('Customer name', 'JOHN CITIZEN')])).toBe('JOHN CITIZEN');
  });
});
