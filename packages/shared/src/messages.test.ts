import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_LABEL, RETENTION_CHOICES_TEXT, TEXTS } from './messages';

// The shared texts are SPEC §5/§8 words (8-character passwords per DECISIONS.md); server and web both show them.
describe('shared SPEC texts', () => {
  it('read exactly as SPEC words them', () => {
    expect(TEXTS).toEqual({
      emailRequired: 'Email is required',
      emailInvalid: 'Please enter a valid email address',
      nameRequired: 'Name is required',
      passwordRequired: 'Password is required',
      passwordTooShort: 'Password must be at least 8 characters long.',
      paygEmailRequired: 'Email is required for payment receipt',
      freeTrialEmailRequired: 'Please enter your email for free trial conversion.',
      subscriptionNeedsLogin: 'Please log in to continue with subscription payment',
      loginToUpload: 'Please login to upload files',
      noVerificationToken: 'No verification token provided',
      unsupportedFileType: 'Please select PDF, images (JPG, PNG, TIFF), documents (DOC, TXT, RTF), or ZIP files.',
      fileTooLarge: 'Please select a file smaller than 10MB.',
      conversionFailed: "We couldn't process your file. Please try again.",
      // Issue 14: an empty file is named as such; Pro is 400 files a month, not 'unlimited'.
      emptyFile: 'This file is empty. Please choose the statement file itself.',
      upgradeForMore: 'Upgrade to Pro for 400 conversions a month.',
      freeTrialCooldown: 'Free trial can only be used once every 24 hours. Upgrade to Pro for 400 conversions a month.',
      paymentIntentFailed: 'Failed to create payment intent',
    });
    expect(MAX_UPLOAD_LABEL).toBe('10 MB');
    expect(RETENTION_CHOICES_TEXT).toBe('1, 3, 7, 14 or 30');
  });
});
