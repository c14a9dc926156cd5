/**
 * SPEC §5/§8 texts that both the server (error messages) and the web app (form errors, toasts)
 * show, word for word. One home, so the two ends cannot drift apart.
 */
import { LIMITS, PLAN_LIMITS } from './plans';

const maxUploadMb = LIMITS.maxUploadBytes / (1024 * 1024);

/** '10 MB': the upload limit as the product's prose writes it. */
export const MAX_UPLOAD_LABEL = `${maxUploadMb} MB`;

/** '1, 3, 7, 14 or 30': the retention choices in prose. */
export const RETENTION_CHOICES_TEXT = `${LIMITS.retentionChoices.slice(0, -1).join(', ')} or ${LIMITS.retentionChoices.at(-1)}`;

export const TEXTS = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  nameRequired: 'Name is required',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${LIMITS.minPasswordLength} characters long.`,
  paygEmailRequired: 'Email is required for payment receipt',
  freeTrialEmailRequired: 'Please enter your email for free trial conversion.',
  subscriptionNeedsLogin: 'Please log in to continue with subscription payment',
  loginToUpload: 'Please login to upload files',
  noVerificationToken: 'No verification token provided',
  unsupportedFileType: 'Please select PDF, images (JPG, PNG, TIFF), documents (DOC, TXT, RTF), or ZIP files.',
  // SPEC writes it without the space: 'smaller than 10MB.'
  fileTooLarge: `Please select a file smaller than ${maxUploadMb}MB.`,
  conversionFailed: "We couldn't process your file. Please try again.",
  emptyFile: 'This file is empty. Please choose the statement file itself.',
  // Pro is 400 files a month, not unlimited: the cooldown and unavailable messages say what it gives.
  upgradeForMore: `Upgrade to Pro for ${PLAN_LIMITS.pro.uploads} conversions a month.`,
  freeTrialCooldown: `Free trial can only be used once every ${LIMITS.freeTrialWindowHours} hours. Upgrade to Pro for ${PLAN_LIMITS.pro.uploads} conversions a month.`,
  paymentIntentFailed: 'Failed to create payment intent',
} as const;
