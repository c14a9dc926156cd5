/**
 * The review worker's bytes reach the main thread without copies: what the thread owns whole is
 * moved (the sender's view is left empty), a slice of Node's shared pool is copied, and the main
 * thread's Buffer shares the memory it received.
 */
import { MessageChannel, receiveMessageOnPort } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { asBuffer, transferList } from './bytes';

describe('review answer bytes', () => {
  it('moves an output the thread owns whole, as Buffer.from(string) makes a large one', () => {
    const output = Buffer.from('x'.repeat(1 << 20), 'utf8');
    const { port1, port2 } = new MessageChannel();
    port1.postMessage({ output }, transferList(output));
    const received = receiveMessageOnPort(port2)?.message as { output: Uint8Array };
    expect(output.byteLength).toBe(0); // moved, not copied
    expect(received.output.byteLength).toBe(1 << 20);
    port1.close();
  });

  it('copies a small output that is a slice of the shared pool, leaving the pool alone', () => {
    const small = Buffer.from('a short answer', 'utf8');
    expect(transferList(small)).toEqual([]);
    expect(transferList(new Uint8Array(8).subarray(2))).toEqual([]);
    expect(transferList(null)).toEqual([]);
  });

  it('serves the bytes received as a Buffer over the same memory', () => {
    const bytes = new Uint8Array([1, 2, 3, 4, 5]).subarray(1, 4);
    const buffer = asBuffer(bytes);
    expect([...buffer]).toEqual([2, 3, 4]);
    bytes[0] = 9;
    expect(buffer[0]).toBe(9);
  });
});
