/**
 * Turns Fastify/ajv schema errors into one VALIDATION_FAILED message naming the field,
 * in SPEC §5's words where SPEC has them.
 */
import { type ApiErrorBody, RETENTION_CHOICES_TEXT, TEXTS } from '@statemint/shared';

interface AjvError {
  instancePath?: string;
  keyword?: string;
  params?: Record<string, unknown>;
  message?: string;
}

type Messages = Partial<Record<'required' | 'format' | 'minLength' | 'maxLength' | 'type' | 'enum' | 'other', string>>;

const FIELD_MESSAGES: Record<string, Messages> = {
  email: {
    required: TEXTS.emailRequired,
    minLength: TEXTS.emailRequired,
    format: TEXTS.emailInvalid,
    maxLength: TEXTS.emailInvalid,
    other: TEXTS.emailInvalid,
  },
  password: {
    required: TEXTS.passwordRequired,
    minLength: TEXTS.passwordTooShort,
    maxLength: 'Password must be at most 1024 characters long.',
  },
  currentPassword: { required: 'Current password is required' },
  newEmail: {
    required: TEXTS.emailRequired,
    minLength: TEXTS.emailRequired,
    other: TEXTS.emailInvalid,
  },
  newPassword: {
    required: 'New password is required',
    minLength: TEXTS.passwordTooShort,
  },
  name: {
    required: TEXTS.nameRequired,
    minLength: TEXTS.nameRequired,
    maxLength: 'Name is too long',
    other: TEXTS.nameRequired,
  },
  token: { required: TEXTS.noVerificationToken, minLength: TEXTS.noVerificationToken },
  paymentIntentId: { required: 'Payment intent ID is required' },
  type: { required: 'Payment type is required', other: 'Payment type must be payasyougo, pro or business' },
  amount: { required: 'Amount is required', other: 'Amount must be a whole number of cents' },
  fileRetentionDays: { other: `Retention period must be ${RETENTION_CHOICES_TEXT} days` },
  autoDeleteEnabled: { other: 'autoDeleteEnabled must be true or false' },
  clientSecret: { required: 'Client secret is required' },
  number: { required: 'Your card number is incomplete.', other: 'Your card number is invalid.' },
  expMonth: {
    required: "Your card's expiration date is incomplete.",
    other: "Your card's expiration month is invalid.",
  },
  expYear: { required: "Your card's expiration date is incomplete.", other: "Your card's expiration year is invalid." },
  cvc: { required: "Your card's security code is incomplete.", other: "Your card's security code is incomplete." },
};

export function validationBody(errors: AjvError[], context: string | undefined): ApiErrorBody {
  const e = errors[0] ?? {};
  const path = (e.instancePath ?? '').split('/').filter(Boolean);
  const missing = typeof e.params?.missingProperty === 'string' ? e.params.missingProperty : undefined;
  if (missing) path.push(missing);
  const field = path.join('.');
  const leaf = path[path.length - 1] ?? '';
  const keyword = missing ? 'required' : (e.keyword ?? 'other');
  const known = FIELD_MESSAGES[leaf];
  const message =
    known?.[keyword as keyof Messages] ??
    known?.other ??
    (field
      ? keyword === 'required'
        ? `${field} is required`
        : `${field} ${e.message ?? 'is invalid'}`
      : keyword === 'additionalProperties'
        ? `Unknown field ${String(e.params?.additionalProperty ?? '')}`
        : `Request ${context ?? 'body'} must be a JSON object`);
  return { message, code: 'VALIDATION_FAILED', ...(field ? { field } : {}) };
}
