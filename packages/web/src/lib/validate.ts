/** SPEC §5 validation, with DECISIONS.md's 8-character passwords everywhere. Returns the texts users read. */
import { LIMITS, UPLOAD_EXTENSIONS } from '@statemint/shared';

/** SPEC §5 "simple pattern". */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const MESSAGES = {
  passwordsMismatchModal: 'Passwords do not match.',
  passwordTooShortModal: `Password must be at least ${LIMITS.minPasswordLength} characters long.`,
  nameRequiredModal: 'Please enter your name.',
  emailRequired: 'Email is required',
  emailInvalid: 'Email is invalid',
  nameRequired: 'Name is required',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${LIMITS.minPasswordLength} characters`,
  passwordsMismatch: 'Passwords do not match',
  paygEmailRequired: 'Email is required for payment receipt',
  paygEmailInvalid: 'Please enter a valid email address',
  paymentSystemUnavailable: 'Payment system not available. Please check your connection and try again.',
  subscriptionNeedsLogin: 'Please log in to continue with subscription payment',
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

export interface FileProblem {
  title: string;
  description: string;
}

const UPLOAD_PAGE_EXTENSIONS = [
  'pdf',
  'jpeg',
  'jpg',
  'png',
  'gif',
  'bmp',
  'tiff',
  'tif',
  'svg',
  'doc',
  'docx',
  'txt',
  'rtf',
  'zip',
];

/** Extensions the chooser accepts: the upload page's SPEC list, or the dashboard's longer one. */
export function acceptedExtensions(where: 'upload' | 'dashboard'): readonly string[] {
  return where === 'dashboard' ? UPLOAD_EXTENSIONS : UPLOAD_PAGE_EXTENSIONS;
}

export function acceptAttribute(where: 'upload' | 'dashboard'): string {
  return acceptedExtensions(where)
    .map((e) => `.${e}`)
    .join(',');
}

/** SPEC §5 upload checks: type by extension (the server checks the bytes too), then size. */
export function validateUploadFile(
  file: { name: string; size: number },
  where: 'upload' | 'dashboard' = 'upload',
): FileProblem | null {
  const ext = file.name.includes('.') ? file.name.split('.').pop()?.toLowerCase() : undefined;
  if (!ext || !acceptedExtensions(where).includes(ext))
    return {
      title: 'Unsupported file type',
      description: 'Please select PDF, images (JPG, PNG, TIFF), documents (DOC, TXT, RTF), or ZIP files.',
    };
  if (file.size > LIMITS.maxUploadBytes)
    return { title: 'File too large', description: 'Please select a file smaller than 10MB.' };
  return null;
}
