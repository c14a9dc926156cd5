import { describe, expect, it } from 'vitest';
import { parseInThread } from './pdf-thread';

describe('the command line parses PDFs in a thread of their own where a core is free', () => {
  it('does with a core free, not on a machine busy with other work', () => {
    expect(parseInThread(0.2, 2)).toBe(true);
    expect(parseInThread(0.99, 2)).toBe(true);
    expect(parseInThread(1, 2)).toBe(false);
    expect(parseInThread(10.5, 2)).toBe(false);
    expect(parseInThread(2.5, 4)).toBe(true);
    // One core: the thread would share it with this one.
    expect(parseInThread(0, 1)).toBe(false);
  });
});
