/** API errors carry the server's `code` (DECISIONS.md): the web app decides on it, never on message text. */
import type { ErrorCode } from '@statemint/shared';

export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | undefined;
  /** The server's own message, when its body had one. */
  readonly serverMessage: string | undefined;
  /** The request field the server named (VALIDATION_FAILED, a wrong password, an e-mail in use). */
  readonly field: string | undefined;
  constructor(status: number, message: string, code?: ErrorCode, serverMessage?: string, field?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.serverMessage = serverMessage;
    this.field = field;
  }
  get isAuthError(): boolean {
    return this.status === 401 || this.status === 403;
  }
}

/** SPEC §8 generic rule: '{status}: {body text or status text}', with the JSON body's message and code kept. */
export function apiErrorFromResponse(status: number, statusText: string, bodyText: string): ApiError {
  let code: ErrorCode | undefined;
  let serverMessage: string | undefined;
  let field: string | undefined;
  try {
    const body: unknown = JSON.parse(bodyText);
    if (body && typeof body === 'object') {
      const b = body as { message?: unknown; code?: unknown; field?: unknown };
      if (typeof b.message === 'string' && b.message) serverMessage = b.message;
      if (typeof b.code === 'string') code = b.code as ErrorCode;
      if (typeof b.field === 'string') field = b.field;
    }
  } catch {
    // Not JSON: the raw text is the message.
  }
  return new ApiError(status, `${status}: ${bodyText || statusText}`, code, serverMessage, field);
}

/**
 * A failed form's answer, shown where it belongs: under the field the server named (one of the
 * form's `fields`), else above the form's button.
 */
export function formError(e: unknown, fields: readonly string[]): { field: string | null; message: string } {
  const err = e instanceof ApiError ? e : undefined;
  const message = err?.serverMessage ?? (err?.status === NETWORK_ERROR_STATUS ? err.message : 'Please try again.');
  return { field: err?.field && fields.includes(err.field) ? err.field : null, message };
}

export const NETWORK_ERROR_STATUS = 0;

export function networkError(cause: unknown): ApiError {
  const e = new ApiError(NETWORK_ERROR_STATUS, cause instanceof Error ? cause.message : 'Network error');
  return e;
}

export function asApiError(e: unknown): ApiError {
  return e instanceof ApiError ? e : networkError(e);
}
