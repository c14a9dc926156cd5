import { afterAll, describe, expect, it } from 'vitest';
import { isCancellation, isolated } from './isolate';

const timeout = () => new Error('timed out');
/** A rejection nobody handles, as a library's clean-up leaves one behind. */
function leaveUnhandled(reason: unknown): void {
  void Promise.reject(reason);
}
function abortException(message: string): Error {
  const e = new Error(message);
  e.name = 'AbortException';
  return e;
}

// isolated() installs process-wide handlers (the CLI's); vitest's own come back after this file.
const before = {
  rejection: process.listeners('unhandledRejection'),
  exception: process.listeners('uncaughtException'),
};
afterAll(() => {
  for (const l of process.listeners('unhandledRejection'))
    if (!before.rejection.includes(l)) process.off('unhandledRejection', l);
  for (const l of process.listeners('uncaughtException'))
    if (!before.exception.includes(l)) process.off('uncaughtException', l);
});

describe('isolated: one input, its own errors', () => {
  it("returns the work's result and passes its error on", async () => {
    expect(await isolated(async () => 42, 1000, timeout)).toBe(42);
    await expect(isolated(async () => Promise.reject(new Error('bad file')), 1000, timeout)).rejects.toThrow(
      'bad file',
    );
  });

  it('fails the input an escaped rejection came from, even when its own promise never settles', async () => {
    // The watchdog (30 s) would fail it with 'timed out': the error says the escaped rejection did.
    await expect(
      isolated(
        () => {
          leaveUnhandled(new Error('drawing failed during clean-up'));
          return new Promise<never>(() => {});
        },
        30_000,
        timeout,
      ),
    ).rejects.toThrow('drawing failed during clean-up');
    // The next input is not touched by it.
    expect(await isolated(async () => 'next', 1000, timeout)).toBe('next');
  });

  it('fails the input a thrown exception escaped from', async () => {
    await expect(
      isolated(
        () => {
          setImmediate(() => {
            throw new Error('thrown in a callback');
          });
          return new Promise<never>(() => {});
        },
        30_000,
        timeout,
      ),
    ).rejects.toThrow('thrown in a callback');
  });

  it("ignores PDF.js's cancellation notices, which follow an earlier input's failure", async () => {
    expect(isCancellation(abortException('Worker was terminated.'))).toBe(true);
    const result = await isolated(
      async () => {
        leaveUnhandled(abortException('Worker was terminated.'));
        await new Promise((r) => setTimeout(r, 20));
        return 'converted';
      },
      1000,
      timeout,
    );
    expect(result).toBe('converted');
  });

  it('stops an input that never settles when its time is up', async () => {
    await expect(isolated(() => new Promise<never>(() => {}), 50, timeout)).rejects.toThrow('timed out');
  });
});
