/**
 * The database, as Kysely sees it. One interface per table; the migrations in ./migrations
 * create them. Portable across SQLite and PostgreSQL, so:
 * - ids are text (random, unguessable),
 * - times are integer epoch milliseconds (`bigint` columns; parsed to number on both),
 * - booleans are integers 0/1.
 * Server part 2 adds its tables here (files, ...).
 */

export interface UsersTable {
  id: string;
  /** Lower-cased, trimmed. Unique. */
  email: string;
  name: string;
  password_hash: string;
  plan: string;
  email_verified: number;
  auto_delete_enabled: number;
  file_retention_days: number;
  /** null | 'active' | 'canceling' | 'canceled' */
  subscription_status: string | null;
  subscription_id: string | null;
  provider_customer_id: string | null;
  current_period_end: number | null;
  cancel_at: number | null;
  created_at: number;
  updated_at: number;
}

/** A login session; the JWT names it (`sid`), so deleting/revoking the row ends the token. */
export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface EmailVerificationsTable {
  id: string;
  user_id: string;
  /** sha256 hex of the token sent by e-mail; the token itself is never stored. */
  token_hash: string;
  created_at: number;
  expires_at: number;
  /** Set when used, or when superseded by a newer link. */
  used_at: number | null;
}

/** A password-reset link (single use, 1 hour); like verification, only the token's hash is kept. */
export interface PasswordResetsTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: number;
  expires_at: number;
  /** Set when used, or when superseded by a newer link or a password change. */
  used_at: number | null;
}

/**
 * Our ledger of payments, one row per provider payment intent. A succeeded `payasyougo`
 * row buys `files` upload credits (payment_credits) bound to `email`: an upload takes one
 * (see services/payments.ts consumeUploadCredit).
 */
export interface PaymentsTable {
  id: string;
  intent_id: string;
  provider: string;
  /** 'payasyougo' | 'pro' | 'business' */
  type: string;
  amount: number;
  email: string | null;
  user_id: string | null;
  /**
   * 'pending' | 'succeeded' | 'refunded' | 'abandoned' (a subscription checkout another one of its
   * account replaced: at most one is pending per account).
   */
  status: string;
  subscription_id: string | null;
  provider_customer_id: string | null;
  /** Checkout sign-up (registrationData): the account is created on confirmation. */
  pending_name: string | null;
  pending_password_hash: string | null;
  confirmed_at: number | null;
  created_at: number;
  /** Last four digits of the card, where the processor tells them (migration 0010). */
  card_last4: string | null;
  /** When the receipt e-mail was sent (once per payment). */
  receipt_sent_at: number | null;
  /** Checkout sign-ups: sha256 of the intent's client secret (its confirmation logs in only with it; migration 0164). */
  client_secret_hash: string | null;
  /** Pay-as-you-go: conversions bought (one payment_credits row each; migration 0016); 1 for subscriptions. */
  files: number;
}

/**
 * Export options an account keeps (issue 27): its CSV columns (a JSON list of CSV_COLUMNS names),
 * date format and byte-order mark (migration 0018; null: not chosen).
 */
export interface ExportSettingsTable {
  user_id: string;
  csv_columns: string | null;
  csv_dates: string | null;
  bom: number | null;
  updated_at: number;
}

/** An account's payee and category rule (issue 27; shared/rules.ts), applied to its later conversions. */
export interface PayeeRulesTable {
  id: string;
  user_id: string;
  account_number: string | null;
  match: string;
  payee: string | null;
  category: string | null;
  created_at: number;
}

/** One conversion of a pay-as-you-go payment: taken by an upload (file_id), given back when it fails. */
export interface PaymentCreditsTable {
  payment_id: string;
  /** 0 .. files - 1 */
  seq: number;
  file_id: string | null;
  consumed_at: number | null;
}

/** State of the built-in test-mode card processor (what Stripe keeps on its side). */
export interface TestModeIntentsTable {
  id: string;
  client_secret: string;
  amount: number;
  /** 'requires_payment_method' | 'succeeded' */
  status: string;
  last_error: string | null;
  created_at: number;
  updated_at: number;
  card_last4: string | null;
}

/** Developer API keys (migration 0011): only the sha256 of the key is kept; it is shown once. */
export interface ApiKeysTable {
  id: string;
  user_id: string;
  name: string;
  /** The first characters of the key (sm_live_abcd), to recognise it in a list. */
  prefix: string;
  key_hash: string;
  webhook_url: string | null;
  /** HMAC-SHA256 signing secret of the webhook (whsec_...). */
  webhook_secret: string | null;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

/** An upload's Idempotency-Key: a retry with the same key answers the stored response. */
export interface IdempotencyKeysTable {
  id: string;
  /** Whose key: key:<api key id>, user:<id> or ip:<address>. */
  scope: string;
  key: string;
  /** sha256 of what was sent (route, file name, bytes, fields): another request under the same key is refused. */
  request_hash: string;
  /** 'running' | 'done' */
  status: string;
  response_status: number | null;
  response_body: string | null;
  created_at: number;
}

/** Files uploaded with an API key: their conversion events go to the key's webhook. */
export interface ApiUploadsTable {
  file_id: string;
  api_key_id: string;
  created_at: number;
}

export interface WebhookDeliveriesTable {
  id: string;
  api_key_id: string;
  event_id: string;
  /** conversion.completed | conversion.failed */
  event_type: string;
  file_id: string | null;
  url: string;
  /** 'pending' | 'delivered' | 'failed' (gave up) */
  status: string;
  attempts: number;
  next_attempt_at: number | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: number;
  delivered_at: number | null;
  /** The claim of the dispatcher sending it now (null when none). */
  lease_token: string | null;
  /** Epoch ms the claim runs out: past it, another dispatcher may send it. */
  lease_until: number | null;
}

/** A requested e-mail change (migration 0012): it takes effect when the link sent to the new address is opened. */
/** A login link (single use, 15 minutes; issue 29): only the token's hash is kept. */
export type LoginLinksTable = PasswordResetsTable;

export interface EmailChangesTable {
  id: string;
  user_id: string;
  new_email: string;
  token_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  email_verifications: EmailVerificationsTable;
  password_resets: PasswordResetsTable;
  payments: PaymentsTable;
  payment_credits: PaymentCreditsTable;
  payee_rules: PayeeRulesTable;
  export_settings: ExportSettingsTable;
  test_mode_intents: TestModeIntentsTable;
  api_keys: ApiKeysTable;
  idempotency_keys: IdempotencyKeysTable;
  api_uploads: ApiUploadsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  email_changes: EmailChangesTable;
  login_links: LoginLinksTable;
}
