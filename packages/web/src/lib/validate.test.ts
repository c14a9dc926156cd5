import { describe, expect, it } from 'vitest';
import {
  paymentPrecondition,
  validateAuthModal,
  validateCheckoutSignup,
  validatePaygEmail,
  validateUploadFile,
} from './validate';

const ok = { name: 'Ada', email: 'ada@example.com', password: 'longenough', confirmPassword: 'longenough' };

describe('login/register modal (SPEC §5, DECISIONS 8 characters)', () => {
  it('checks name, length and confirmation on register only', () => {
    expect(validateAuthModal('register', ok)).toBeNull();
    expect(validateAuthModal('register', { ...ok, name: ' ' })).toBe('Please enter your name.');
    expect(validateAuthModal('register', { ...ok, password: 'short7c', confirmPassword: 'short7c' })).toBe(
      'Password must be at least 8 characters long.',
    );
    expect(validateAuthModal('register', { ...ok, confirmPassword: 'different' })).toBe('Passwords do not match.');
    expect(validateAuthModal('login', { ...ok, password: 'x' })).toBeNull();
  });
});

describe('checkout sign-up (SPEC §5)', () => {
  it('names each problem per field', () => {
    expect(validateCheckoutSignup(ok)).toEqual({});
    expect(validateCheckoutSignup({ name: '', email: '', password: '', confirmPassword: 'x' })).toEqual({
      email: 'Email is required',
      name: 'Name is required',
      password: 'Password is required',
      confirmPassword: 'Passwords do not match',
    });
    expect(validateCheckoutSignup({ ...ok, email: 'nope@', password: '1234567', confirmPassword: '1234567' })).toEqual({
      email: 'Email is invalid',
      password: 'Password must be at least 8 characters',
    });
  });
});

describe('pay-as-you-go e-mail', () => {
  it('needs a valid receipt address', () => {
    expect(validatePaygEmail('')).toBe('Email is required for payment receipt');
    expect(validatePaygEmail('a@b')).toBe('Please enter a valid email address');
    expect(validatePaygEmail('a@b.co')).toBeNull();
  });
});

describe('payment form preconditions', () => {
  const base = {
    providerReady: true,
    subscription: false,
    loggedIn: false,
    hasRegistrationData: false,
    cardComplete: true,
  };
  it('reports the first unmet one', () => {
    expect(paymentPrecondition(base)).toBeNull();
    expect(paymentPrecondition({ ...base, providerReady: false })).toBe(
      'Payment system not available. Please check your connection and try again.',
    );
    expect(paymentPrecondition({ ...base, subscription: true })).toBe(
      'Please log in to continue with subscription payment',
    );
    expect(paymentPrecondition({ ...base, subscription: true, hasRegistrationData: true })).toBeNull();
    expect(paymentPrecondition({ ...base, cardComplete: false })).toBe('Please complete your card information');
  });
});

describe('upload file checks (SPEC §5)', () => {
  it('accepts the listed types up to 10 MB', () => {
    expect(validateUploadFile({ name: 'March.PDF', size: 1000 })).toBeNull();
    expect(validateUploadFile({ name: 'scan.tif', size: 1000 })).toBeNull();
    // DECISIONS.md: the public upload page takes spreadsheet exports like the dashboard.
    expect(validateUploadFile({ name: 'book.xlsx', size: 1000 })).toBeNull();
    expect(validateUploadFile({ name: 'export.csv', size: 1000 })).toBeNull();
    expect(validateUploadFile({ name: 'book.xlsx', size: 1000 }, 'dashboard')).toBeNull();
    expect(validateUploadFile({ name: 'noext', size: 1 })).toEqual({
      title: 'Unsupported file type',
      description: 'Please select PDF, images (JPG, PNG, TIFF), documents (DOC, TXT, RTF), or ZIP files.',
    });
    expect(validateUploadFile({ name: 'big.pdf', size: 10 * 1024 * 1024 + 1 })).toEqual({
      title: 'File too large',
      description: 'Please select a file smaller than 10MB.',
    });
    // An empty file is named as such, not answered with 'choose a file'.
    expect(validateUploadFile({ name: 'empty.pdf', size: 0 })).toEqual({
      title: 'Empty file',
      description: 'This file is empty. Please choose the statement file itself.',
    });
  });
});
