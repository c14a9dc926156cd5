/** SPEC §8: which toast (title, text) or message each failure shows, decided by error code and status. */
import { balanceVerdict, TEXTS } from '@statemint/shared';
import { ApiError } from '../api/errors';
import { FILE_TOO_LARGE_TITLE, UNSUPPORTED_TYPE_TITLE } from './validate';

export interface ToastSpec {
  title: string;
  description?: string;
  variant?: 'success' | 'error';
}

const fail = (title: string, description?: string): ToastSpec => ({ title, description, variant: 'error' });
const ok = (title: string, description?: string): ToastSpec => ({ title, description, variant: 'success' });

function serverMessage(e: unknown): string | undefined {
  return e instanceof ApiError ? e.serverMessage : undefined;
}

export const PAYMENT_REQUIRED_TOAST = fail('Payment Required', 'Please choose a payment option to continue.');
export const UNSUPPORTED_TYPE_TOAST = fail(UNSUPPORTED_TYPE_TITLE, TEXTS.unsupportedFileType);
export const FILE_TOO_LARGE_TOAST = fail(FILE_TOO_LARGE_TITLE, TEXTS.fileTooLarge);
export const EMAIL_REQUIRED_TOAST = fail('Email Required', TEXTS.freeTrialEmailRequired);
export const EMAIL_INVALID_TOAST = fail('Email Required', TEXTS.emailInvalid);
export const LOGIN_TO_UPLOAD_TOAST = fail('Upload Failed', TEXTS.loginToUpload);
export const FREE_TRIAL_CHECK_TOAST = fail('Error', 'Unable to check free trial status. Please try again.');
export const FREE_TRIAL_COOLDOWN_TOAST = fail('Free Trial Cooldown', TEXTS.upgradeForMore);
export const FREE_TRIAL_LOCKED_TOAST = fail(
  'Free Trial Temporarily Unavailable',
  'Free trial has reached daily limit. Please try again later or upgrade to Pro.',
);
export const FREE_TRIAL_UNAVAILABLE_TOAST = fail('Free Trial Unavailable', TEXTS.upgradeForMore);
export const CHECK_EMAIL_TOAST = ok(
  'Check Your Email',
  'We sent you a verification link. Please verify your email to sign in.',
);

/** Login on an unverified e-mail: 'Check Your Email' only when a link was just sent; otherwise the server's words. */
export function unverifiedLoginToast(sent: boolean, message: string): ToastSpec {
  return sent
    ? ok('Check Your Email', message)
    : { title: 'Email Verification Required', description: message, variant: 'error' };
}

export type UploadOutcome = { toast: ToastSpec; openPaymentChooser: boolean };

/** An upload failure: its toast, and whether the payment chooser opens (authenticated uploads only). */
export function uploadFailure(e: unknown, authenticated: boolean): UploadOutcome {
  const err = e instanceof ApiError ? e : undefined;
  const code = err?.code;
  const toast = (t: ToastSpec, openPaymentChooser = false): UploadOutcome => ({ toast: t, openPaymentChooser });
  switch (code) {
    case 'FREE_TRIAL_COOLDOWN':
      return toast(FREE_TRIAL_COOLDOWN_TOAST);
    case 'FREE_TRIAL_LOCKED':
      return toast(FREE_TRIAL_LOCKED_TOAST);
    case 'PAYMENT_REQUIRED':
    case 'QUOTA_EXCEEDED':
    case 'SUBSCRIPTION_REQUIRED':
      return authenticated
        ? toast(PAYMENT_REQUIRED_TOAST, true)
        : toast(fail('Upload Failed', err?.serverMessage ?? 'Upload failed'));
    case 'UNSUPPORTED_FILE_TYPE':
      return toast(UNSUPPORTED_TYPE_TOAST);
    case 'FILE_TOO_LARGE':
      return toast(FILE_TOO_LARGE_TOAST);
    case 'UNAUTHORIZED':
      return toast(LOGIN_TO_UPLOAD_TOAST);
    default:
      if (err?.status === 429) return toast(fail('Upload Failed', err.serverMessage ?? 'Free trial limit reached'));
      return toast(fail('Upload Failed', err?.serverMessage ?? 'Upload failed'));
  }
}

/** A free-trial eligibility answer of canUse=false. */
export function freeTrialDenied(code: string | undefined): ToastSpec {
  if (code === 'FREE_TRIAL_LOCKED') return FREE_TRIAL_LOCKED_TOAST;
  if (code === 'FREE_TRIAL_COOLDOWN' || code === undefined) return FREE_TRIAL_COOLDOWN_TOAST;
  return FREE_TRIAL_UNAVAILABLE_TOAST;
}

/** Login/registration failure toast. */
export function authFailure(e: unknown, mode: 'login' | 'register'): ToastSpec {
  const err = e instanceof ApiError ? e : undefined;
  if (err?.code === 'EMAIL_NOT_VERIFIED')
    return fail('Email Verification Required', err.serverMessage ?? 'Please verify your email before signing in.');
  const fallback = mode === 'login' ? 'Login failed' : 'Registration failed';
  return fail('Authentication Failed', err?.serverMessage ?? fallback);
}

export function paymentIntentFailure(e: unknown): string {
  if (e instanceof ApiError && e.isAuthError) return 'Please log in again to continue with payment';
  return serverMessage(e) ?? TEXTS.paymentIntentFailed;
}

export function cardFailure(e: unknown): string {
  return (
    serverMessage(e) ?? (e instanceof Error && !(e instanceof ApiError) && e.message ? e.message : 'Payment failed')
  );
}

export function confirmFailure(e: unknown): string {
  return serverMessage(e) ?? 'Failed to confirm payment';
}

/** The dashboard's load error line (SPEC §8). */
export function dashboardFailure(e: unknown): string {
  if (e instanceof ApiError) {
    if (e.isAuthError) return 'Session expired';
    return `Failed to load dashboard: ${e.serverMessage ?? (e.status ? `HTTP ${e.status}` : e.message)}`;
  }
  return `Failed to load dashboard: ${e instanceof Error ? e.message : 'Unknown error'}`;
}

/** Titles and fallbacks of SPEC §8's action toasts. */
export const ACTION_FAILURES = {
  restore: ['Restoration Failed', 'Failed to request restoration'],
  download: ['Download Failed', 'Download failed'],
  delete: ['Delete Failed', 'Failed to delete file'],
  cancel: ['Cancellation Failed', 'Failed to cancel subscription'],
  upload: ['Upload Failed', 'Upload failed'],
  retention: ['Update Failed', 'Failed to update retention settings'],
  sendVerification: ['Failed to Send Email', 'Failed to send verification email'],
  passwordResetRequest: ['Failed to Send Email', 'Failed to send the password reset email'],
  passwordReset: ['Reset Failed', 'Failed to reset your password'],
  loginLinkRequest: ['Failed to Send Email', 'Failed to send the login link'],
  loginLink: ['Login Failed', 'Failed to log in with this link'],
} as const;

export function actionFailure(action: keyof typeof ACTION_FAILURES, e: unknown): ToastSpec {
  const [title, fallback] = ACTION_FAILURES[action];
  return fail(title, serverMessage(e) ?? fallback);
}

export const SUCCESS = {
  restore: ok('Restoration Requested', 'Your file is being restored. This may take a few minutes.'),
  download: ok('Download Started'),
  delete: ok('File Deleted', 'The file and all its outputs were permanently deleted.'),
  cancel: (cancelAt: string) => ok('Subscription Canceled', `You keep access until ${cancelAt}.`),
  // Shown once the conversion has succeeded (never beside a failed one).
  upload: ok('Upload Successful', 'Your statement is converted: review it and download it below.'),
  upgrade: ok('Upgrade Successful', 'Welcome to your new plan.'),
  retention: ok('Settings Updated'),
  verificationSent: ok('Verification Email Sent', 'Please check your inbox for the verification link.'),
  emailVerified: ok('Email Verified', 'Your email address has been verified.'),
} as const;

export function missingFormatToast(format: string): ToastSpec {
  return fail('Download Failed', `No ${format} file available. Please try a different format.`);
}

export const DASHBOARD_EXCEL_FAILED = fail(
  'Download Failed',
  'Unable to download Excel file. Please try other formats.',
);

/** DECISIONS.md statement checks, as a file shows them. */
export const BALANCED_TEXT = balanceVerdict({ status: 'balanced' });
export const unbalancedText = (rows: number) => balanceVerdict({ status: 'unbalanced' }, rows);

export const CONVERSION_FAILED_TEXT = TEXTS.conversionFailed;
/** DECISIONS.md: failures are free (server side: files/jobs.ts releaseCharges). */
export const FAILED_IS_FREE_TEXT =
  'This did not use up your free trial, your payment or your monthly uploads: you can try another file.';
export const NOT_A_STATEMENT_HINT =
  "Please upload a bank statement: the PDF, a scan or photo of it, or your bank's export (CSV, XLSX, TXT).";
export const POLL_FAILED_TEXT = 'Failed to fetch file status';
