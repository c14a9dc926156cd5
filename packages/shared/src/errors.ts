/**
 * One error vocabulary for engine, server and web (DECISIONS.md "Errors carry codes").
 * The web app decides on `code`; messages are what users read.
 */
export const ERROR_CODES = [
  // Accounts and sessions
  'INVALID_CREDENTIALS',
  'EMAIL_NOT_VERIFIED',
  'EMAIL_TAKEN',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'RATE_LIMITED',
  'TOKEN_INVALID',
  'TOKEN_EXPIRED',
  // Requests
  'VALIDATION_FAILED',
  'NOT_FOUND',
  'INTERNAL_ERROR',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_KEY_IN_USE',
  // Free trial, payments and plans
  'FREE_TRIAL_COOLDOWN',
  'FREE_TRIAL_LOCKED',
  'PAYMENT_REQUIRED',
  'CARD_DECLINED',
  'PAYMENT_FAILED',
  'QUOTA_EXCEEDED',
  'RESTORE_LIMIT_REACHED',
  'SUBSCRIPTION_REQUIRED',
  // Files
  'UNSUPPORTED_FILE_TYPE',
  'FILE_TOO_LARGE',
  // An upload cut because its client sent too slowly or stalled
  'UPLOAD_TIMEOUT',
  'FILE_EXPIRED',
  'FILE_ARCHIVED',
  'FORMAT_NOT_AVAILABLE',
  // Review: an edit saved on top of a version that is no longer the latest
  'VERSION_CONFLICT',
  // Conversion (engine)
  'CONVERSION_FAILED',
  'NOT_IMPLEMENTED',
  'UNREADABLE_FILE',
  'PDF_ENCRYPTED',
  'PDF_PASSWORD_INCORRECT',
  'NO_TRANSACTIONS',
  'NOT_A_STATEMENT',
  'NEEDS_OCR',
  'TIMEOUT',
  'IMAGE_TOO_LARGE',
  // A photo or scan that gave nothing, and why (engine ocr/quality.ts)
  'IMAGE_TOO_SMALL',
  'IMAGE_TOO_DARK',
  'IMAGE_TOO_BLURRED',
  'ZIP_TOO_LARGE',
  'ZIP_UNSAFE',
  'ZIP_EMPTY',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** HTTP status for each code, decided once, used at the server's edge. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  INVALID_CREDENTIALS: 401,
  EMAIL_NOT_VERIFIED: 403,
  EMAIL_TAKEN: 409,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  RATE_LIMITED: 429,
  TOKEN_INVALID: 400,
  TOKEN_EXPIRED: 400,
  VALIDATION_FAILED: 400,
  NOT_FOUND: 404,
  INTERNAL_ERROR: 500,
  IDEMPOTENCY_KEY_REUSED: 422,
  IDEMPOTENCY_KEY_IN_USE: 409,
  FREE_TRIAL_COOLDOWN: 429,
  FREE_TRIAL_LOCKED: 429,
  PAYMENT_REQUIRED: 402,
  CARD_DECLINED: 402,
  PAYMENT_FAILED: 402,
  QUOTA_EXCEEDED: 403,
  RESTORE_LIMIT_REACHED: 403,
  SUBSCRIPTION_REQUIRED: 403,
  UNSUPPORTED_FILE_TYPE: 415,
  FILE_TOO_LARGE: 413,
  UPLOAD_TIMEOUT: 408,
  FILE_EXPIRED: 410,
  FILE_ARCHIVED: 409,
  FORMAT_NOT_AVAILABLE: 404,
  VERSION_CONFLICT: 409,
  CONVERSION_FAILED: 422,
  NOT_IMPLEMENTED: 501,
  UNREADABLE_FILE: 422,
  PDF_ENCRYPTED: 422,
  PDF_PASSWORD_INCORRECT: 422,
  NO_TRANSACTIONS: 422,
  NOT_A_STATEMENT: 422,
  NEEDS_OCR: 422,
  TIMEOUT: 422,
  IMAGE_TOO_LARGE: 413,
  IMAGE_TOO_SMALL: 422,
  IMAGE_TOO_DARK: 422,
  IMAGE_TOO_BLURRED: 422,
  ZIP_TOO_LARGE: 413,
  ZIP_UNSAFE: 422,
  ZIP_EMPTY: 422,
};

/** The body of every API error. */
export interface ApiErrorBody {
  message: string;
  code: ErrorCode;
  /** VALIDATION_FAILED: the offending field. */
  field?: string;
}

/** Thrown by engine and server alike; mapped to HTTP once, at the edge. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly field: string | undefined;
  constructor(code: ErrorCode, message: string, options?: { field?: string; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.field = options?.field;
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError;
}
