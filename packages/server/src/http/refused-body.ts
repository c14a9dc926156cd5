/**
 * The connection of a request refused before its body was read (an upload past the admission
 * limits, a used free trial: files/admission.ts). The answer goes out at once while the client is
 * still sending. Node closed such a connection as soon as the answer was written, so the client's
 * next write met a reset, and a client busy writing its body (fetch, on a loaded machine) saw
 * EPIPE or ECONNRESET instead of the answer (issue 29: 19 to 55 of `npm run load`'s 60 refused
 * uploads).
 *
 * Now a client refused because the server is busy with others' uploads (files/admission.ts
 * ServerBusyError: the refusals of `npm run load`'s admitted flood) has its connection closed as
 * RFC 9112 section 9.6 asks ("lingering close"): after the answer the server ends its side (FIN) and
 * goes on reading and discarding what the client sends, until the client closes. A client reads the answer whenever it gets to it: undici stops sending and closes
 * as soon as it has (after ~4 MB of a 9.9 MB body here), and one starved of CPU sends its whole
 * body first. Nothing read is kept (Node's parser drops a dumped request's body). Reading is
 * bounded: only a body whose declared length is at most MAX_DRAIN_BYTES is read; the connection is
 * cut once the client sends nothing for LINGER_MS or lingers past DRAIN_MS in all; and at most
 * MAX_LINGERING connections linger at once (past it, or for a body already received, Node closes
 * as before).
 *
 * Any other refused body (the client's own standing refused it: a used free trial, its address's
 * uploads in flight; or it declares no length, or a longer one) is not read: reading costs the
 * server (60 refused 9.9 MB fetches from one used address: ~220 MB read, and the health probes'
 * p99 about doubled on a loaded machine). Its connection is kept for LINGER_MS with the client's
 * bytes unread (its writes stop at the full socket buffers), then ended. (That was the only way
 * before: a client starved of CPU for those seconds had its answer dropped by the reset, 13 of 55
 * refused fetches of `npm run load`'s admitted flood.)
 */
import type { Socket } from 'node:net';
import { LIMITS } from '@statemint/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * How long a refused client may send nothing before its connection is ended: as long as an
 * upload may (ReceiveLimits.idleMs). An undrained connection is ended this long after its answer.
 */
export const LINGER_MS = 15_000;
/** How long a refused connection may be read at most, however steadily its client sends. */
export const DRAIN_MS = 60_000;
/** A refused body is read only where it declares at most this many bytes: an upload's largest file and its form. */
export const MAX_DRAIN_BYTES = LIMITS.maxUploadBytes + 1024 * 1024;
/** Refused connections lingering at once; past it, they are closed right after their answer. */
export const MAX_LINGERING = 200;

export const REFUSED_CONNECTION_MESSAGE = 'This connection was closed after a refused upload: send the request again.';

/** Marks the socket of a refused request: it serves no other request (refusedConnection). */
const REFUSED = Symbol('statemint.refusedConnection');

/**
 * Whether `socket` carried a refused request. Node's parser reads on past a drained body and
 * would hand a request pipelined after it to the app, which ran it with no way to answer it
 * (the connection is ended): such a request is dropped with its connection (http/app.ts).
 */
export function refusedConnection(socket: unknown): boolean {
  return (socket as { [REFUSED]?: boolean } | null)?.[REFUSED] === true;
}

export interface RefusedBodyLimits {
  lingerMs?: number;
  drainMs?: number;
  maxDrainBytes?: number;
}

export class RefusedBodies {
  readonly #lingering = new Set<Socket>();
  readonly lingerMs: number;
  readonly drainMs: number;
  readonly maxDrainBytes: number;

  constructor({ lingerMs = LINGER_MS, drainMs = DRAIN_MS, maxDrainBytes = MAX_DRAIN_BYTES }: RefusedBodyLimits = {}) {
    this.lingerMs = lingerMs;
    this.drainMs = drainMs;
    this.maxDrainBytes = maxDrainBytes;
  }

  get lingering(): number {
    return this.#lingering.size;
  }

  /** The server is closing: lingering connections end now. */
  close(): void {
    for (const socket of this.#lingering) socket.destroy();
  }

  /**
   * Call while refusing `request` before its body is read (the answer is about to be sent).
   * `drain`: its body is read and dropped until the client closes (a client refused because the
   * server is busy with others); else left unread.
   */
  refuse(request: FastifyRequest, reply: FastifyReply, options: { drain: boolean }): void {
    // The body is not wanted: the connection is not kept for another request.
    reply.header('Connection', 'close');
    const raw = request.raw;
    if (raw.complete || this.#lingering.size >= MAX_LINGERING) return;
    const socket = raw.socket as Socket & { destroySoon?: () => void; [REFUSED]?: boolean };
    socket[REFUSED] = true;
    const declared = Number(request.headers['content-length']);
    const drain = options.drain && Number.isSafeInteger(declared) && declared >= 0 && declared <= this.maxDrainBytes;
    this.#lingering.add(socket);
    const timer = setTimeout(() => socket.destroy(), drain ? this.drainMs : this.lingerMs);
    timer.unref();
    socket.once('close', () => {
      clearTimeout(timer);
      this.#lingering.delete(socket);
    });
    // What Node calls once a `Connection: close` answer is written (net.Socket#destroySoon ends the
    // socket, then destroys it with the client's bytes unread: a reset). Node has by then dumped the
    // request: its parser reads the body and drops it.
    socket.destroySoon = drain
      ? () => {
          // End our side and read on; the client's close ends the connection (Node's HTTP server
          // destroys a socket ended both ways). A client silent for lingerMs is cut: with nothing
          // unread, that is no reset either.
          socket.setTimeout(this.lingerMs, () => socket.destroy());
          socket.end();
        }
      : () => {
          // End it and read no more. Node's HTTP server resumes a paused socket when it reads a
          // request's body again: a no-op now.
          socket.resume = () => socket;
          socket.pause();
          socket.end();
        };
  }
}
