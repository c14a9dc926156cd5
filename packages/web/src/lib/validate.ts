/** SPEC §5 validation, with DECISIONS.md's 8-character passwords everywhere. Returns the texts users read. */
import { LIMITS, TEXTS, UPLOAD_EXTENSIONS } from '@statemint/shared';

/** SPEC §5 "simple pattern". */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const MESSAGES = {
  passwordsMismatchModal: 'Passwords do not match.',
  passwordTooShortModal: TEXTS.passwordTooShort,
  nameRequiredModal: 'Please enter your name.',
  emailRequired: TEXTS.emailRequired,
  emailInvalid: 'Email is invalid',
  nameRequired: TEXTS.nameRequired,
  passwordRequired: TEXTS.passwordRequired,
  passwordTooShort: `Password must be at least ${LIMITS.minPasswordLength} characters`,
  passwordsMismatch: 'Passwords do not match',
  paygEmailRequired: TEXTS.paygEmailRequired,
  paygEmailInvalid: TEXTS.emailInvalid,
  paymentSystemUnavailable: 'Payment system not available. Please check your connection and try again.',
  subscriptionNeedsLogin: TEXTS.subscriptionNeedsLogin,
  cardIncomplete: 'Please complete your card information',
} as const;

export interface RegisterInput {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
}

/** Login/register modal: first problem only, as one message. */
export function validateAuthModal(mode: 'login' | 'register', input: RegisterInput): string | null {
  if (mode === 'login') return null;
  if (!input.name.trim()) return MESSAGES.nameRequiredModal;
  if (input.password.length < LIMITS.minPasswordLength) return MESSAGES.passwordTooShortModal;
  if (input.password !== input.confirmPassword) return MESSAGES.passwordsMismatchModal;
  return null;
}

export type CheckoutErrors = Partial<Record<keyof RegisterInput, string>>;

/** Checkout sign-up forms (Pro, Business, chooser): one message per field. */
export function validateCheckoutSignup(input: RegisterInput): CheckoutErrors {
  const errors: CheckoutErrors = {};
  if (!input.email.trim()) errors.email = MESSAGES.emailRequired;
  else if (!EMAIL_PATTERN.test(input.email.trim())) errors.email = MESSAGES.emailInvalid;
  if (!input.name.trim()) errors.name = MESSAGES.nameRequired;
  if (!input.password) errors.password = MESSAGES.passwordRequired;
  else if (input.password.length < LIMITS.minPasswordLength) errors.password = MESSAGES.passwordTooShort;
  if (input.password !== input.confirmPassword) errors.confirmPassword = MESSAGES.passwordsMismatch;
  return errors;
}

/** Pay-as-you-go e-mail for the receipt. */
export function validatePaygEmail(email: string): string | null {
  if (!email.trim()) return MESSAGES.paygEmailRequired;
  if (!EMAIL_PATTERN.test(email.trim())) return MESSAGES.paygEmailInvalid;
  return null;
}

/** Payment form preconditions, in SPEC §5's order. */
export function paymentPrecondition(opts: {
  providerReady: boolean;
  subscription: boolean;
  loggedIn: boolean;
  hasRegistrationData: boolean;
  cardComplete: boolean;
}): string | null {
  if (!opts.providerReady) return MESSAGES.paymentSystemUnavailable;
  if (opts.subscription && !opts.loggedIn && !opts.hasRegistrationData) return MESSAGES.subscriptionNeedsLogin;
  if (!opts.cardComplete) return MESSAGES.cardIncomplete;
  return null;
}

export const UNSUPPORTED_TYPE_TITLE = 'Unsupported file type';
export const FILE_TOO_LARGE_TITLE = 'File too large';

export interface FileProblem {
  title: string;
  description: string;
}

/**
 * Extensions the chooser accepts. DECISIONS.md: every input the engine converts is accepted on
 * every upload path, the public upload page included (CSV and XLSX exports too).
 */
export function acceptedExtensions(_where: 'upload' | 'dashboard' = 'upload'): readonly string[] {
  return UPLOAD_EXTENSIONS;
}

export function acceptAttribute(where: 'upload' | 'dashboard'): string {
  return acceptedExtensions(where)
    .map((e) => `.${e}`)
    .join(',');
}

export const EMPTY_FILE_TITLE = 'Empty file';

/** SPEC §5 upload checks: type by extension (the server checks the bytes too), then size. */
export function validateUploadFile(
  file: { name: string; size: number },
  where: 'upload' | 'dashboard' = 'upload',
): FileProblem | null {
  const ext = file.name.includes('.') ? file.name.split('.').pop()?.toLowerCase() : undefined;
  if (!ext || !acceptedExtensions(where).includes(ext))
    return { title: UNSUPPORTED_TYPE_TITLE, description: TEXTS.unsupportedFileType };
  if (file.size > LIMITS.maxUploadBytes) return { title: FILE_TOO_LARGE_TITLE, description: TEXTS.fileTooLarge };
  if (file.size === 0) return { title: EMPTY_FILE_TITLE, description: TEXTS.emptyFile };
  return null;
}
