/** Shapes of the account, payment and subscription API (SPEC §3, §7), shared by server and web. */
import type { CsvColumn, CsvDateFormat } from './files';
import type { PaymentType, Plan } from './plans';

/** SPEC §3 User, as every auth/payment endpoint returns it. */
export interface ApiUser {
  id: string;
  name: string;
  email: string;
  plan: Plan;
  emailVerified: boolean;
  autoDeleteEnabled: boolean;
  fileRetentionDays: number;
  /** null (never subscribed), 'active', 'canceling' (ends at cancelAt) or 'canceled'. */
  subscriptionStatus: 'active' | 'canceling' | 'canceled' | null;
  /** ISO time the current paid period ends, for subscribers. */
  currentPeriodEnd: string | null;
  /** ISO time a canceled subscription stops, else null. */
  cancelAt: string | null;
}

/** POST /api/auth/login: 200. Unverified e-mail: requiresVerification true, no token/user. */
export interface LoginResponse {
  token?: string;
  user?: ApiUser;
  requiresVerification: boolean;
  /**
   * Unverified e-mail only: true when this login sent a new verification link, false when none
   * was sent (one went out minutes ago, or too many were sent). `message` says which.
   */
  verificationSent?: boolean;
  message: string;
}

/** POST /api/auth/register: 201. A verification e-mail is sent; no token until verified. */
export interface RegisterResponse {
  user: ApiUser;
  token?: string;
  requiresVerification: boolean;
  message: string;
}

export interface RegistrationData {
  email: string;
  password: string;
  name: string;
}

export interface CreatePaymentIntentRequest {
  amount: number;
  type: PaymentType;
  fileId?: string;
  email?: string;
  registrationData?: RegistrationData;
  /** Pay-as-you-go: how many files the payment converts (1 when absent; amount is paygAmount(files)). */
  files?: number;
}

export interface CreatePaymentIntentResponse {
  clientSecret: string;
  paymentIntentId: string;
}

/**
 * POST /api/payments/credit: what is left of a pay-as-you-go payment, asked with its e-mail.
 * The payment is a credit of `files` conversions bound to the payment and its e-mail; it keeps
 * until used, across reloads and devices (the receipt, sent at payment, links to it).
 */
export interface PaymentCredit {
  paymentIntentId: string;
  /** Whether the card processor says it is paid. */
  paid: boolean;
  /** Conversions bought. */
  files: number;
  /** Conversions not used yet. */
  remaining: number;
}

/** GET/PUT /api/account/export-settings: export options remembered per account (issue 27). */
export interface ExportSettings {
  /** The CSV columns chosen, in their order (shared CSV_COLUMNS); null for the preset's. */
  csvColumns: CsvColumn[] | null;
  /** The CSV's Date column format. */
  csvDates: CsvDateFormat;
  /** Whether CSVs start with a UTF-8 byte-order mark (Excel on Windows). */
  bom: boolean;
}

/** POST /api/payments/confirm: token only when the confirmation created the account. */
export interface ConfirmPaymentResponse {
  success: true;
  type: PaymentType;
  paymentIntentId: string;
  token?: string;
  user?: ApiUser;
}

/** GET /api/config: public settings (support address, which card form the web app shows). */
export interface PublicConfig {
  supportEmail: string;
  stripePublishableKey: string | null;
  testMode: boolean;
}

/** POST /api/payments/test-mode/confirm-card (test mode only). */
export interface TestCardRequest {
  clientSecret: string;
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export interface CancelSubscriptionResponse {
  cancelAt: string;
  message: string;
}

export interface UpdateRetentionRequest {
  autoDeleteEnabled?: boolean;
  fileRetentionDays?: number;
}

export interface UpdateRetentionResponse {
  autoDeleteEnabled: boolean;
  fileRetentionDays: number;
}

/** GET /api/auth/verify-email: 200; failures are { message, code: TOKEN_INVALID | TOKEN_EXPIRED | VALIDATION_FAILED }. */
export interface VerifyEmailResponse {
  success: true;
  message: string;
}

export interface MessageResponse {
  message: string;
}

/** GET /api/account/payments: one succeeded payment of the account (receipts are kept after account deletion). */
export interface AccountPayment {
  id: string;
  type: PaymentType;
  /** What it bought: 'Pro plan, monthly subscription', 'One file conversion (pay-as-you-go)'. */
  description: string;
  /** Cents. */
  amount: number;
  currency: string;
  /** ISO time it was paid. */
  paidAt: string;
  cardLast4: string | null;
  receiptSent: boolean;
}

/** An API key as listed on the settings page (the key itself is shown once, at creation). */
export interface ApiKeyInfo {
  id: string;
  name: string;
  /** The key's first characters (sm_live_abcd), to recognise it. */
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  /** Where conversion.completed and conversion.failed events of this key's uploads are POSTed. */
  webhookUrl: string | null;
}

/** POST /api/keys: 201. `key` and `webhookSecret` are shown this once and never again. */
export interface CreateApiKeyResponse {
  apiKey: ApiKeyInfo;
  key: string;
  webhookSecret: string | null;
}

/** PUT /api/keys/{id}/webhook: a new URL gets a new signing secret, shown this once. */
export interface UpdateWebhookResponse {
  apiKey: ApiKeyInfo;
  webhookSecret: string | null;
}

/** One webhook delivery of the delivery log (GET /api/keys/{id}/deliveries). */
export interface WebhookDeliveryInfo {
  id: string;
  eventId: string;
  eventType: 'conversion.completed' | 'conversion.failed';
  fileId: string | null;
  url: string;
  /** 'pending' (will be tried again), 'delivered', or 'failed' (gave up). */
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: string;
  deliveredAt: string | null;
  nextAttemptAt: string | null;
}
