import { TEXTS } from '@statemint/shared';
import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorFromResponse } from '../api/errors';
import {
  actionFailure,
  authFailure,
  cardFailure,
  confirmFailure,
  dashboardFailure,
  freeTrialDenied,
  missingFormatToast,
  paymentIntentFailure,
  uploadFailure,
} from './messages';

const apiErr = (status: number, code?: string, message?: string) =>
  apiErrorFromResponse(status, 'Status', JSON.stringify({ message, code }));

describe('apiErrorFromResponse (SPEC §8 generic rule)', () => {
  it("reads '{status}: {body}' and keeps the JSON message and code", () => {
    const e = apiErr(429, 'FREE_TRIAL_COOLDOWN', 'wait');
    expect(e.message).toBe('429: {"message":"wait","code":"FREE_TRIAL_COOLDOWN"}');
    expect(e.code).toBe('FREE_TRIAL_COOLDOWN');
    expect(e.serverMessage).toBe('wait');
    expect(apiErrorFromResponse(500, 'Internal Server Error', '').message).toBe('500: Internal Server Error');
    expect(apiErrorFromResponse(502, 'Bad Gateway', 'oops').serverMessage).toBeUndefined();
  });
});

describe('upload failures decided by code (SPEC §8, DECISIONS.md)', () => {
  it.each([
    ['FREE_TRIAL_COOLDOWN', 429, 'Free Trial Cooldown', TEXTS.upgradeForMore],
    [
      'FREE_TRIAL_LOCKED',
      429,
      'Free Trial Temporarily Unavailable',
      'Free trial has reached daily limit. Please try again later or upgrade to Pro.',
    ],
    [
      'UNSUPPORTED_FILE_TYPE',
      415,
      'Unsupported file type',
      'Please select PDF, images (JPG, PNG, TIFF), documents (DOC, TXT, RTF), or ZIP files.',
    ],
    ['FILE_TOO_LARGE', 413, 'File too large', 'Please select a file smaller than 10MB.'],
    ['UNAUTHORIZED', 401, 'Upload Failed', 'Please login to upload files'],
    ['RATE_LIMITED', 429, 'Upload Failed', 'Free trial limit reached'],
    ['INTERNAL_ERROR', 500, 'Upload Failed', 'Upload failed'],
  ])('%s shows %s', (code, status, title, description) => {
    const { toast, openPaymentChooser } = uploadFailure(apiErr(status, code), false);
    expect(toast).toMatchObject({ title, description });
    expect(openPaymentChooser).toBe(false);
  });

  it('ignores message text: a cooldown-sounding message with another code is a plain failure', () => {
    const e = apiErr(400, 'VALIDATION_FAILED', 'Free trial can only be used once every 48 hours');
    expect(uploadFailure(e, false).toast.title).toBe('Upload Failed');
  });

  it('opens the payment chooser for authenticated PAYMENT_REQUIRED and QUOTA_EXCEEDED', () => {
    for (const code of ['PAYMENT_REQUIRED', 'QUOTA_EXCEEDED']) {
      const out = uploadFailure(apiErr(402, code, 'x'), true);
      expect(out.openPaymentChooser).toBe(true);
      expect(out.toast).toMatchObject({
        title: 'Payment Required',
        description: 'Please choose a payment option to continue.',
      });
    }
  });

  it('uses the server message when there is one, and Upload failed on network errors', () => {
    expect(uploadFailure(apiErr(422, 'CONVERSION_FAILED', 'Bad PDF'), false).toast.description).toBe('Bad PDF');
    expect(uploadFailure(new TypeError('fetch failed'), false).toast.description).toBe('Upload failed');
  });

  it('maps a refused free-trial check by code', () => {
    expect(freeTrialDenied('FREE_TRIAL_LOCKED').title).toBe('Free Trial Temporarily Unavailable');
    expect(freeTrialDenied('FREE_TRIAL_COOLDOWN').title).toBe('Free Trial Cooldown');
    expect(freeTrialDenied('FORBIDDEN').title).toBe('Free Trial Unavailable');
  });
});

describe('auth, payment and dashboard messages (SPEC §8)', () => {
  it('auth', () => {
    expect(authFailure(apiErr(401, 'INVALID_CREDENTIALS', 'Invalid email or password'), 'login').description).toBe(
      'Invalid email or password',
    );
    expect(authFailure(new TypeError('x'), 'login').description).toBe('Login failed');
    expect(authFailure(new TypeError('x'), 'register').description).toBe('Registration failed');
    expect(authFailure(apiErr(403, 'EMAIL_NOT_VERIFIED', 'Please verify'), 'login').title).toBe(
      'Email Verification Required',
    );
  });
  it('payments', () => {
    expect(paymentIntentFailure(apiErr(401, 'UNAUTHORIZED', 'no'))).toBe(
      'Please log in again to continue with payment',
    );
    expect(paymentIntentFailure(apiErr(403, 'FORBIDDEN'))).toBe('Please log in again to continue with payment');
    expect(paymentIntentFailure(apiErr(400, 'VALIDATION_FAILED', 'Amount mismatch'))).toBe('Amount mismatch');
    expect(paymentIntentFailure(apiErr(500))).toBe('Failed to create payment intent');
    expect(cardFailure(apiErr(402, 'CARD_DECLINED', 'Your card was declined.'))).toBe('Your card was declined.');
    expect(cardFailure(apiErr(402))).toBe('Payment failed');
    expect(confirmFailure(apiErr(500))).toBe('Failed to confirm payment');
  });
  it('dashboard', () => {
    expect(dashboardFailure(apiErr(401, 'UNAUTHORIZED', 'x'))).toBe('Session expired');
    expect(dashboardFailure(apiErr(403, 'FORBIDDEN', 'x'))).toBe('Session expired');
    expect(dashboardFailure(apiErr(500, 'INTERNAL_ERROR', 'Boom'))).toBe('Failed to load dashboard: Boom');
    expect(dashboardFailure(new ApiError(502, '502: Bad Gateway'))).toBe('Failed to load dashboard: HTTP 502');
  });
  it('action failures and missing formats', () => {
    expect(actionFailure('retention', apiErr(500))).toMatchObject({
      title: 'Update Failed',
      description: 'Failed to update retention settings',
    });
    expect(actionFailure('sendVerification', apiErr(500))).toMatchObject({
      title: 'Failed to Send Email',
      description: 'Failed to send verification email',
    });
    expect(missingFormatToast('CSV')).toMatchObject({
      title: 'Download Failed',
      description: 'No CSV file available. Please try a different format.',
    });
  });
});
