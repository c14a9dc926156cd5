/** API errors carry the server's `code` (DECISIONS.md): the web app decides on it, never on message text. */
import type { ErrorCode } from '@statemint/shared';

export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | undefined;
  /** The server's own message, when its body had one. */
  readonly serverMessage: string | undefined;
  constructor(status: number, message: string, code?: ErrorCode, serverMessage?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.serverMessage = serverMessage;
  }
  get isAuthError(): boolean {
    return this.status === 401 || this.status === 403;
  }
}

/** SPEC §8 generic rule: '{status}: {body text or status text}', with the JSON body's message and code kept. */
export function apiErrorFromResponse(status: number, statusText: string, bodyText: string): ApiError {
  let code: ErrorCode | undefined;
  let serverMessage: string | undefined;
  try {
    const body: unknown = JSON.parse(bodyText);
    if (body && typeof body === 'object') {
      const b = body as { message?: unknown; code?: unknown };
      if (typeof b.message === 'string' && b.message) serverMessage = b.message;
      if (typeof b.code === 'string') code = b.code as ErrorCode;
    }
  } catch {
    // Not JSON: the raw text is the message.
  }
  return new ApiError(status, `${status}: ${bodyText || statusText}`, code, serverMessage);
}

export const NETWORK_ERROR_STATUS = 0;

export function networkError(cause: unknown): ApiError {
  const e = new ApiError(NETWORK_ERROR_STATUS, cause instanceof Error ? cause.message : 'Network error');
  return e;
}

export function asApiError(e: unknown): ApiError {
  return e instanceof ApiError ? e : networkError(e);
}
