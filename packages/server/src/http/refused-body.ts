/**
 * The connection of a request refused before its body was read (an upload past the admission
 * limits, a used free trial: files/admission.ts). The answer goes out at once while the client is
 * still sending. Node closed such a connection as soon as the answer was written, so the client's
 * next write met a reset, and a client busy writing its body (fetch, on a loaded machine) saw
 * EPIPE or ECONNRESET instead of the answer (issue 29: 19 to 55 of `npm run load`'s 60 refused
 * uploads). Now the connection closes gracefully: after the answer the server ends its side
 * (FIN) and reads nothing more, so the client's writes stop at the full socket buffers, and only
 * after LINGER_MS (15 s) is the connection ended for good. The client has those seconds to read its
 * answer; the server reads no byte of the body it refused. At most MAX_LINGERING connections
 * linger at once; past it (or for a body already received) Node closes as before.
 */
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * How long a refused connection is kept, unread, after its answer: as long as an upload may send
 * nothing before it is cut (ReceiveLimits.idleMs). With 5 s, a client process starved of CPU (npm
 * run load's admitted flood, 55 refused fetches on a machine at load 10-15) was reset before it
 * had read its answer.
 */
export const LINGER_MS = 15_000;
/** Refused connections lingering at once; past it, they are closed right after their answer. */
export const MAX_LINGERING = 200;

export class RefusedBodies {
  readonly #lingering = new Set<Socket>();

  constructor(readonly lingerMs = LINGER_MS) {}

  get lingering(): number {
    return this.#lingering.size;
  }

  /** The server is closing: lingering connections end now. */
  close(): void {
    for (const socket of this.#lingering) socket.destroy();
  }

  /** Call while refusing `request` before its body is read (the answer is about to be sent). */
  refuse(request: FastifyRequest, reply: FastifyReply): void {
    // The body is not wanted: the connection is not kept for another request.
    reply.header('Connection', 'close');
    const raw = request.raw;
    if (raw.complete || this.#lingering.size >= MAX_LINGERING) return;
    const socket = raw.socket as Socket & { destroySoon?: () => void };
    this.#lingering.add(socket);
    const end = () => {
      clearTimeout(timer);
      this.#lingering.delete(socket);
    };
    const timer = setTimeout(() => socket.destroy(), this.lingerMs);
    timer.unref();
    socket.once('close', end);
    // What Node calls once a `Connection: close` answer is written (net.Socket#destroySoon ends the
    // socket, then destroys it with the client's bytes unread: a reset). Here: end it, and read no more.
    // Node's HTTP server resumes a paused socket when it reads a request's body again: a no-op now.
    socket.destroySoon = () => {
      socket.resume = () => socket;
      socket.pause();
      socket.end();
    };
  }
}
