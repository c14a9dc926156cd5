/**
 * The body of a request refused before it was read (an upload past the admission limits, a used
 * free trial: files/admission.ts). The answer goes out at once, but the client is still sending:
 * a connection closed under it resets, and a client busy writing its body then sees EPIPE or
 * ECONNRESET instead of the answer (issue 29: in `npm run load`'s refused flood, 19 to 55 of 60
 * clients did). So the body it declared is read and discarded after the answer (Node reads an
 * unread body of a kept-alive connection, buffering none of it), then the connection is kept or
 * closed as any other. What is read is bounded: only a declared Content-Length up to
 * DRAIN_MAX_BYTES, at most MAX_DRAINING at once, cut when the client sends nothing for `idleMs`
 * or takes longer than its size needs at `minBytesPerSecond` (and `deadlineMs` in all). Any other
 * refused request (a body of unknown or larger size, or too many draining) has its connection
 * closed after the answer, as before.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ReceiveLimits } from '../config/config';

/** The largest body read after a refusal: an upload's 10 MB and its form. */
export const DRAIN_MAX_BYTES = 11 * 1024 * 1024;
/** Refused bodies read at once; past it, refused connections are closed after their answer. */
export const MAX_DRAINING = 100;

export class RefusedBodies {
  #draining = 0;

  constructor(readonly limits: ReceiveLimits) {}

  get draining(): number {
    return this.#draining;
  }

  /** Call while refusing `request` before its body is read (the answer is about to be sent). */
  refuse(request: FastifyRequest, reply: FastifyReply): void {
    const raw = request.raw;
    if (raw.complete) return;
    const declared = Number(request.headers['content-length']);
    if (
      request.headers['transfer-encoding'] !== undefined ||
      !Number.isSafeInteger(declared) ||
      declared > DRAIN_MAX_BYTES ||
      this.#draining >= MAX_DRAINING
    ) {
      reply.header('Connection', 'close');
      return;
    }
    const socket = raw.socket;
    const { idleMs, graceMs, minBytesPerSecond, deadlineMs } = this.limits;
    const budgetMs = Math.min(deadlineMs, graceMs + (declared * 1000) / minBytesPerSecond);
    const started = performance.now();
    let seen = socket.bytesRead;
    let lastProgress = started;
    this.#draining++;
    const timer = setInterval(
      () => {
        const now = performance.now();
        if (socket.bytesRead > seen) {
          seen = socket.bytesRead;
          lastProgress = now;
        }
        if (now - lastProgress >= idleMs || now - started >= budgetMs) socket.destroy();
      },
      Math.max(10, Math.min(1000, idleMs / 4)),
    );
    timer.unref();
    let done = false;
    const end = () => {
      if (done) return;
      done = true;
      clearInterval(timer);
      this.#draining--;
    };
    // Read to its end (Node resumes the unread body once the answer is sent), or its connection gone.
    raw.once('end', end);
    socket.once('close', end);
  }
}
