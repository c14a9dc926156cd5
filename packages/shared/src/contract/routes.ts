/**
 * The API's route table: one entry per endpoint, used by the server (Fastify registers each
 * handler with the entry's method, path, schemas and authentication, and OpenAPI is generated
 * from them) and by the web app's client (typed paths, bodies and answers).
 *
 * A new endpoint is added here first, then given a handler with the server's `route(app, ROUTES.x, ...)`.
 */
import { type Static, type TObject, type TSchema, Type } from '@sinclair/typebox';
import { CSV_COLUMNS, CSV_DATE_FORMATS, CSV_PRESETS, OUTPUT_FORMATS } from '../files';
import { VAULT_MAX_PAGE_SIZE, VAULT_ORDERS, VAULT_PAGE_SIZE, VAULT_SORTS, VAULT_STATUS_FILTERS } from '../files-api';
import { LIMITS, PAYG_MAX_FILES } from '../plans';
import {
  PatchStatementsBodySchema,
  SavedVersionSchema,
  SaveStatementsBodySchema,
  StatementsResponseSchema,
} from './review';
import {
  AccountPaymentSchema,
  ApiErrorSchema,
  ApiKeySchema,
  ApiUserSchema,
  BinarySchema,
  CancelSubscriptionResponseSchema,
  ChangePasswordResponseSchema,
  ConfirmPaymentResponseSchema,
  CreateApiKeyResponseSchema,
  CreatePaymentIntentResponseSchema,
  DashboardResponseSchema,
  EmailSchema,
  ExportSettingsSchema,
  FileRecordSchema,
  FreeTrialCheckResponseSchema,
  LoginResponseSchema,
  literals,
  MessageSchema,
  NameSchema,
  NewPasswordSchema,
  NewPayeeRuleSchema,
  Nullable,
  OriginalDownloadResponseSchema,
  PasswordSchema,
  PayeeRuleSchema,
  PaymentCreditSchema,
  PaymentTypeSchema,
  PublicConfigSchema,
  RegisterResponseSchema,
  RestoreResponseSchema,
  UpdateRetentionResponseSchema,
  UpdateWebhookResponseSchema,
  UploadResponseSchema,
  VaultPageSchema,
  VerifyEmailResponseSchema,
  WebhookDeliverySchema,
} from './schemas';

/** GET /api/ready: each dependency 'ok' or what went wrong. */
const ReadySchema = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('unavailable')]),
  checks: Type.Object({ database: Type.String(), queue: Type.String(), store: Type.String() }),
});

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call: `none` (anyone; no token read), `optional` (anyone; a valid token makes it the
 * user's call), `required` (a logged-in user, else 401).
 */
export type RouteAuth = 'none' | 'optional' | 'required';

/** One multipart form field of an upload, for the documentation. */
export interface MultipartField {
  description: string;
  binary?: boolean;
  required?: boolean;
}

export interface RouteSpec {
  method: HttpMethod;
  /** Fastify style: /api/files/:id */
  path: string;
  /** OpenAPI operationId. */
  id: string;
  summary: string;
  description?: string;
  tag: 'Account' | 'Payments' | 'Files' | 'Developer' | 'Service';
  auth: RouteAuth;
  /** Also answers to `Authorization: Bearer sm_live_...` API keys (conversion and file endpoints). */
  apiKey?: boolean;
  params?: TObject;
  querystring?: TObject;
  body?: TSchema;
  /** Multipart uploads: their fields (the server reads the stream itself, so they are documented only). */
  multipart?: Record<string, MultipartField>;
  /** Request headers worth documenting (Idempotency-Key, ...). */
  headers?: TObject;
  /** Answers by status. Error answers share ApiErrorSchema. */
  response: Record<number, TSchema>;
  /** Content type of a 200 that is not JSON (downloads). */
  produces?: string;
  /** Hidden from OpenAPI (provider callbacks). */
  hidden?: boolean;
}

const route = <const R extends RouteSpec>(spec: R): R => spec;

const IdParams = Type.Object({ id: Type.String({ maxLength: 64, description: 'File id' }) });
const TokenQuery = Type.Object({
  token: Type.Optional(Type.String({ maxLength: 128, description: 'Signed download token from a file record' })),
});
const FormatParam = Type.String({
  maxLength: 16,
  description: `One of ${OUTPUT_FORMATS.join(', ')} (also excel, text)`,
});
const PresetQuery = Type.String({ maxLength: 16, description: `CSV column preset: ${CSV_PRESETS.join(', ')}` });
const BomQuery = Type.String({
  maxLength: 5,
  description:
    'CSV only: `1` starts the file with a UTF-8 byte-order mark (accented text reads right in Excel on Windows)',
});

const DatesQuery = Type.String({
  maxLength: 8,
  description: `CSV only: the Date column as ${CSV_DATE_FORMATS.join(', ')} (2024-12-31, 31/12/2024, 12/31/2024)`,
});
const ColumnsQuery = Type.String({
  maxLength: 200,
  description: `CSV only: these columns in this order, comma-separated, instead of the preset's: ${CSV_COLUMNS.join(', ')}`,
});
const SplitQuery = Type.String({
  maxLength: 5,
  description:
    '`1`: a ZIP of one file per statement (`<name>_converted_<format>.zip`), each with its own account and currency',
});

const KeyParams = Type.Object({ id: Type.String({ maxLength: 64, description: 'API key id' }) });
const WebhookUrl = Type.String({
  maxLength: 2048,
  description: 'https URL that receives conversion.completed and conversion.failed events',
});
const IDEMPOTENCY_HEADER = {
  'idempotency-key': Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 255,
      description: 'A retry with the same key answers the first response: it neither converts nor charges twice',
    }),
  ),
};

const errors = <const C extends number>(...codes: C[]) =>
  Object.fromEntries(codes.map((c) => [c, ApiErrorSchema])) as Record<C, typeof ApiErrorSchema>;

const FINGERPRINT_HEADERS = Type.Object({
  'x-device-fingerprint': Type.Optional(Type.String({ description: 'Device fingerprint (free trial)' })),
  ...IDEMPOTENCY_HEADER,
});
/** An anonymous file's capability (UploadResponse.capability), where a change needs its uploader. */
const CAPABILITY_HEADERS = Type.Object({
  'x-file-capability': Type.Optional(
    Type.String({ maxLength: 100, description: "Anonymous files: the capability of the file's upload" }),
  ),
});
/** Every upload takes a protected PDF's password (issue 14). */
const UPLOAD_PASSWORD: MultipartField = { description: 'The password of a password-protected PDF' };
const UPLOAD_FILE: MultipartField = {
  description: `The statement (PDF, image, DOC/DOCX, TXT, RTF, CSV, XLSX or ZIP), at most ${LIMITS.maxUploadBytes / 1024 / 1024} MB`,
  binary: true,
  required: true,
};

export const ROUTES = {
  // ---------------------------------------------------------------- Service
  health: route({
    method: 'GET',
    path: '/api/health',
    id: 'health',
    summary: 'Liveness check',
    tag: 'Service',
    auth: 'none',
    response: { 200: Type.Object({ status: Type.Literal('ok') }) },
  }),
  ready: route({
    method: 'GET',
    path: '/api/ready',
    id: 'ready',
    summary: 'Readiness check',
    description:
      'Whether this process can serve: the database, the conversion queue and the file store answer. 503 names what does not.',
    tag: 'Service',
    auth: 'none',
    response: { 200: ReadySchema, 503: ReadySchema },
  }),
  openapi: route({
    method: 'GET',
    path: '/api/openapi.json',
    id: 'getOpenApi',
    summary: 'This API, as an OpenAPI 3.1 document',
    tag: 'Service',
    auth: 'none',
    response: { 200: Type.Object({ openapi: Type.String() }, { additionalProperties: true }) },
  }),
  config: route({
    method: 'GET',
    path: '/api/config',
    id: 'getConfig',
    summary: 'Public settings of this server',
    tag: 'Service',
    auth: 'none',
    response: { 200: PublicConfigSchema },
  }),

  // ---------------------------------------------------------------- Account
  register: route({
    method: 'POST',
    path: '/api/auth/register',
    id: 'register',
    summary: 'Create an account',
    description: 'Sends a verification e-mail; no session until the address is verified.',
    tag: 'Account',
    auth: 'none',
    body: Type.Object({ email: EmailSchema, password: NewPasswordSchema, name: NameSchema }),
    response: { 201: RegisterResponseSchema, ...errors(400, 409, 429) },
  }),
  login: route({
    method: 'POST',
    path: '/api/auth/login',
    id: 'login',
    summary: 'Log in',
    tag: 'Account',
    auth: 'none',
    body: Type.Object({ email: EmailSchema, password: PasswordSchema }),
    response: { 200: LoginResponseSchema, ...errors(400, 401, 429) },
  }),
  requestLoginLink: route({
    method: 'POST',
    path: '/api/auth/login-link',
    id: 'requestLoginLink',
    summary: 'E-mail a login link',
    description:
      'Answers the same whether or not an account exists. The link works once, for 15 minutes, and signs in past the account-wide limit on failed passwords; limited per IP (429) and, silently, per address.',
    tag: 'Account',
    auth: 'none',
    body: Type.Object({ email: EmailSchema }),
    response: { 200: MessageSchema, ...errors(400, 429) },
  }),
  loginWithLink: route({
    method: 'POST',
    path: '/api/auth/login-link/use',
    id: 'loginWithLink',
    summary: 'Log in with the e-mailed login link',
    tag: 'Account',
    auth: 'none',
    body: Type.Object({ token: Type.Optional(Type.String()) }),
    response: { 200: LoginResponseSchema, ...errors(400) },
  }),
  user: route({
    method: 'GET',
    path: '/api/auth/user',
    id: 'getUser',
    summary: 'The logged-in user',
    tag: 'Account',
    auth: 'required',
    response: { 200: ApiUserSchema, ...errors(401) },
  }),
  logout: route({
    method: 'POST',
    path: '/api/auth/logout',
    id: 'logout',
    summary: 'Log out (revokes the sent session token)',
    tag: 'Account',
    auth: 'none',
    response: { 200: MessageSchema },
  }),
  changePassword: route({
    method: 'POST',
    path: '/api/auth/change-password',
    id: 'changePassword',
    summary: 'Change the password',
    description: 'Signs out every other session and answers a fresh token for this one.',
    tag: 'Account',
    auth: 'required',
    body: Type.Object({ currentPassword: PasswordSchema, newPassword: NewPasswordSchema }),
    response: { 200: ChangePasswordResponseSchema, ...errors(400, 401) },
  }),
  updateRetention: route({
    method: 'POST',
    path: '/api/auth/update-retention',
    id: 'updateRetention',
    summary: 'Auto-delete and retention of vault files',
    tag: 'Account',
    auth: 'required',
    body: Type.Object(
      {
        autoDeleteEnabled: Type.Optional(Type.Boolean()),
        fileRetentionDays: Type.Optional(
          Type.Integer({ enum: [...LIMITS.retentionChoices], description: 'Days: 1, 3, 7, 14 or 30' }),
        ),
      },
      { minProperties: 1 },
    ),
    response: { 200: UpdateRetentionResponseSchema, ...errors(400, 401, 403) },
  }),
  sendVerification: route({
    method: 'POST',
    path: '/api/auth/send-verification',
    id: 'sendVerification',
    summary: 'Send a new verification e-mail to the logged-in user',
    tag: 'Account',
    auth: 'required',
    response: { 200: MessageSchema, ...errors(401, 429) },
  }),
  resendVerification: route({
    method: 'POST',
    path: '/api/auth/resend-verification',
    id: 'resendVerification',
    summary: 'Send a new verification e-mail to an address',
    description: 'Answers the same whether or not an account exists.',
    tag: 'Account',
    auth: 'none',
    body: Type.Object({ email: EmailSchema }),
    response: { 200: MessageSchema, ...errors(400, 429) },
  }),
  forgotPassword: route({
    method: 'POST',
    path: '/api/auth/forgot-password',
    id: 'forgotPassword',
    summary: 'E-mail a password-reset link',
    description:
      'Answers the same whether or not an account exists. The link works once, for one hour; limited per IP (429) and, silently, per address.',
    tag: 'Account',
    auth: 'none',
    body: Type.Object({ email: EmailSchema }),
    response: { 200: MessageSchema, ...errors(400, 429) },
  }),
  resetPassword: route({
    method: 'POST',
    path: '/api/auth/reset-password',
    id: 'resetPassword',
    summary: 'Set a new password with the e-mailed token',
    description: 'Signs out every session of the account and marks its address verified.',
    tag: 'Account',
    auth: 'none',
    body: Type.Object({ token: Type.Optional(Type.String()), password: NewPasswordSchema }),
    response: { 200: MessageSchema, ...errors(400) },
  }),
  verifyEmail: route({
    method: 'GET',
    path: '/api/auth/verify-email',
    id: 'verifyEmail',
    summary: 'Verify an e-mail address with the e-mailed token',
    tag: 'Account',
    auth: 'none',
    querystring: Type.Object({ token: Type.Optional(Type.String()) }),
    response: { 200: VerifyEmailResponseSchema, ...errors(400) },
  }),

  // ---------------------------------------------------------------- Payments
  createPaymentIntent: route({
    method: 'POST',
    path: '/api/payments/create-payment-intent',
    id: 'createPaymentIntent',
    summary: 'Start a payment (one file, or a Pro or Business subscription)',
    tag: 'Payments',
    auth: 'optional',
    body: Type.Object({
      amount: Type.Integer({ minimum: 1, description: 'Cents; must be the price of `type`' }),
      type: PaymentTypeSchema,
      fileId: Type.Optional(Type.String({ maxLength: 100 })),
      email: Type.Optional(EmailSchema),
      registrationData: Type.Optional(
        Type.Object({ email: EmailSchema, password: NewPasswordSchema, name: NameSchema }),
      ),
      files: Type.Optional(
        Type.Integer({
          minimum: 1,
          maximum: PAYG_MAX_FILES,
          description: 'Pay-as-you-go: how many files the payment converts (amount is the per-file price times this)',
        }),
      ),
    }),
    response: { 200: CreatePaymentIntentResponseSchema, ...errors(400, 401, 409) },
  }),
  paymentCredit: route({
    method: 'POST',
    path: '/api/payments/credit',
    id: 'paymentCredit',
    summary: 'What is left of a pay-as-you-go payment',
    description:
      'A pay-as-you-go payment is a credit of conversions bound to the payment and its e-mail; it keeps until used. Asked with both; 404 for any other pair.',
    tag: 'Payments',
    auth: 'none',
    body: Type.Object({
      paymentIntentId: Type.String({ minLength: 1, maxLength: 200 }),
      email: EmailSchema,
    }),
    response: { 200: PaymentCreditSchema, ...errors(400, 404, 429) },
  }),
  confirmPayment: route({
    method: 'POST',
    path: '/api/payments/confirm',
    id: 'confirmPayment',
    summary: 'Confirm a paid intent (checked with the card processor)',
    tag: 'Payments',
    auth: 'optional',
    body: Type.Object({
      paymentIntentId: Type.String({ minLength: 1, maxLength: 200 }),
      clientSecret: Type.Optional(
        Type.String({
          maxLength: 500,
          description: "The intent's client secret: a checkout sign-up's account is logged in (token) only with it",
        }),
      ),
    }),
    response: { 200: ConfirmPaymentResponseSchema, ...errors(400, 401, 402, 403, 404) },
  }),
  testModeConfirmCard: route({
    method: 'POST',
    path: '/api/payments/test-mode/confirm-card',
    id: 'testModeConfirmCard',
    summary: 'Pay an intent with a test card (test mode only)',
    description: '4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined. Absent while Stripe is configured.',
    tag: 'Payments',
    auth: 'none',
    body: Type.Object({
      clientSecret: Type.String({ minLength: 1, maxLength: 200 }),
      number: Type.String({ minLength: 1, maxLength: 30 }),
      expMonth: Type.Integer({ minimum: 1, maximum: 12 }),
      expYear: Type.Integer({ minimum: 0, maximum: 9999 }),
      cvc: Type.String({ minLength: 1, maxLength: 4 }),
    }),
    response: { 200: Type.Object({ status: Type.Literal('succeeded') }), ...errors(400, 402) },
  }),
  stripeWebhook: route({
    method: 'POST',
    path: '/api/payments/webhook',
    id: 'stripeWebhook',
    summary: 'Stripe webhook endpoint (signed by Stripe)',
    tag: 'Payments',
    auth: 'none',
    response: { 200: Type.Object({ received: Type.Literal(true) }), ...errors(400, 404) },
  }),
  cancelSubscription: route({
    method: 'POST',
    path: '/api/subscriptions/cancel',
    id: 'cancelSubscription',
    summary: 'Cancel the subscription at the end of the paid period',
    tag: 'Payments',
    auth: 'required',
    response: { 200: CancelSubscriptionResponseSchema, ...errors(401, 403) },
  }),

  changeEmail: route({
    method: 'POST',
    path: '/api/account/change-email',
    id: 'changeEmail',
    summary: 'Change the e-mail address: it takes effect when the link sent to the new address is opened',
    tag: 'Account',
    auth: 'required',
    body: Type.Object({ newEmail: EmailSchema, password: PasswordSchema }),
    response: { 200: MessageSchema, ...errors(400, 401, 409, 429) },
  }),
  confirmEmailChange: route({
    method: 'POST',
    path: '/api/account/confirm-email-change',
    id: 'confirmEmailChange',
    summary: 'Confirm a new e-mail address with the e-mailed token (signs every session out)',
    tag: 'Account',
    auth: 'none',
    body: Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) }),
    response: { 200: VerifyEmailResponseSchema, ...errors(400, 409) },
  }),
  deleteAccount: route({
    method: 'DELETE',
    path: '/api/account',
    id: 'deleteAccount',
    summary: 'Delete the account and all its files (payments are kept as receipts)',
    tag: 'Account',
    auth: 'required',
    body: Type.Object({ password: PasswordSchema }),
    response: {
      200: Type.Object({ message: Type.String(), filesDeleted: Type.Integer() }),
      ...errors(400, 401),
    },
  }),
  accountPayments: route({
    method: 'GET',
    path: '/api/account/payments',
    id: 'listPayments',
    summary: 'Past payments of the account, newest first (each was sent a receipt)',
    tag: 'Payments',
    auth: 'required',
    response: { 200: Type.Array(AccountPaymentSchema), ...errors(401) },
  }),

  exportSettings: route({
    method: 'GET',
    path: '/api/account/export-settings',
    id: 'getExportSettings',
    summary: 'Export options the account keeps (its CSV columns and their order)',
    tag: 'Account',
    auth: 'required',
    response: { 200: ExportSettingsSchema, ...errors(401) },
  }),
  saveExportSettings: route({
    method: 'PUT',
    path: '/api/account/export-settings',
    id: 'saveExportSettings',
    summary: 'Keep export options for the account: every later CSV download of it uses them',
    tag: 'Account',
    auth: 'required',
    body: ExportSettingsSchema,
    response: { 200: ExportSettingsSchema, ...errors(400, 401) },
  }),

  // ---------------------------------------------------------------- Developer
  listApiKeys: route({
    method: 'GET',
    path: '/api/keys',
    id: 'listApiKeys',
    summary: 'API keys of the account (Pro and Business)',
    tag: 'Developer',
    auth: 'required',
    response: { 200: Type.Array(ApiKeySchema), ...errors(401) },
  }),
  createApiKey: route({
    method: 'POST',
    path: '/api/keys',
    id: 'createApiKey',
    summary: 'Create an API key (shown once), optionally with a webhook URL',
    description: "Needs the account's password. Every key is revoked when the password is changed or reset.",
    tag: 'Developer',
    auth: 'required',
    body: Type.Object({
      name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
      webhookUrl: Type.Optional(WebhookUrl),
      password: PasswordSchema,
    }),
    response: { 201: CreateApiKeyResponseSchema, ...errors(400, 401, 403) },
  }),
  // ---------------------------------------------------------------- Rules that learn (issue 27)
  listRules: route({
    method: 'GET',
    path: '/api/rules',
    id: 'listRules',
    summary: "The account's payee and category rules, newest first",
    tag: 'Files',
    auth: 'required',
    response: { 200: Type.Array(PayeeRuleSchema), ...errors(401) },
  }),
  createRule: route({
    method: 'POST',
    path: '/api/rules',
    id: 'createRule',
    summary: 'Make a payee and category rule: later conversions of the account carry it',
    description:
      'Rows whose description holds `match` get `payee` and `category` in every conversion after this one (of `accountNumber`, or of every account when null); the exports put them in their payee and category fields.',
    tag: 'Files',
    auth: 'required',
    body: NewPayeeRuleSchema,
    response: { 201: PayeeRuleSchema, ...errors(400, 401) },
  }),
  deleteRule: route({
    method: 'DELETE',
    path: '/api/rules/:id',
    id: 'deleteRule',
    summary: 'Delete a rule (conversions made with it keep what it gave them)',
    tag: 'Files',
    auth: 'required',
    params: Type.Object({ id: Type.String({ maxLength: 64, description: 'Rule id' }) }),
    response: { 200: MessageSchema, ...errors(401, 404) },
  }),
  revokeApiKey: route({
    method: 'DELETE',
    path: '/api/keys/:id',
    id: 'revokeApiKey',
    summary: 'Revoke an API key: it stops working at once',
    tag: 'Developer',
    auth: 'required',
    params: KeyParams,
    response: { 200: ApiKeySchema, ...errors(401, 404) },
  }),
  setWebhook: route({
    method: 'PUT',
    path: '/api/keys/:id/webhook',
    id: 'setWebhook',
    summary: "Set (or clear, with null) the key's webhook URL; a new URL gets a new signing secret",
    tag: 'Developer',
    auth: 'required',
    params: KeyParams,
    body: Type.Object({ webhookUrl: Nullable(WebhookUrl) }),
    response: { 200: UpdateWebhookResponseSchema, ...errors(400, 401, 403, 404) },
  }),
  webhookDeliveries: route({
    method: 'GET',
    path: '/api/keys/:id/deliveries',
    id: 'listWebhookDeliveries',
    summary: 'The webhook delivery log of a key, newest first',
    tag: 'Developer',
    auth: 'required',
    params: KeyParams,
    response: { 200: Type.Array(WebhookDeliverySchema), ...errors(401, 404) },
  }),

  resumeSubscription: route({
    method: 'POST',
    path: '/api/subscriptions/resume',
    id: 'resumeSubscription',
    summary: 'Take back a cancellation before the paid period ends',
    tag: 'Payments',
    auth: 'required',
    response: { 200: MessageSchema, ...errors(401, 403) },
  }),

  // ---------------------------------------------------------------- Files
  checkFreeTrial: route({
    method: 'POST',
    path: '/api/check-free-trial',
    id: 'checkFreeTrial',
    summary: 'May this visitor use the free trial now?',
    tag: 'Files',
    auth: 'optional',
    headers: FINGERPRINT_HEADERS,
    body: Type.Object({
      email: Type.Optional(Type.String({ maxLength: 254 })),
      deviceFingerprint: Type.Optional(Type.String({ maxLength: 512 })),
    }),
    response: { 200: FreeTrialCheckResponseSchema },
  }),
  uploadFreeTrial: route({
    method: 'POST',
    path: '/api/files/upload-free-trial',
    id: 'uploadFreeTrial',
    summary: 'Convert one file on the free trial (1 per 24 hours)',
    tag: 'Files',
    auth: 'optional',
    headers: FINGERPRINT_HEADERS,
    multipart: {
      file: UPLOAD_FILE,
      email: { description: 'E-mail (anonymous uploads)' },
      password: UPLOAD_PASSWORD,
    },
    response: { 201: UploadResponseSchema, ...errors(400, 413, 415, 429) },
  }),
  uploadPaid: route({
    method: 'POST',
    path: '/api/files/upload-paid',
    id: 'uploadPaid',
    summary: 'Convert one file paid for with a pay-as-you-go payment',
    tag: 'Files',
    auth: 'optional',
    headers: Type.Object(IDEMPOTENCY_HEADER),
    multipart: {
      file: UPLOAD_FILE,
      email: { description: 'The e-mail the payment was made with', required: true },
      paymentIntentId: { description: 'The succeeded payment', required: true },
      password: UPLOAD_PASSWORD,
    },
    response: { 201: UploadResponseSchema, ...errors(400, 402, 413, 415) },
  }),
  upload: route({
    method: 'POST',
    path: '/api/files/upload',
    id: 'upload',
    summary: 'Convert a file into the vault (monthly quota of the plan)',
    description:
      'Answers at once with the file id and status `processing`; poll GET /api/files/{id} until `completed` or `failed`.',
    tag: 'Files',
    auth: 'required',
    apiKey: true,
    headers: Type.Object(IDEMPOTENCY_HEADER),
    multipart: { file: UPLOAD_FILE, password: UPLOAD_PASSWORD },
    response: { 201: UploadResponseSchema, ...errors(400, 401, 403, 413, 415, 429) },
  }),
  getFile: route({
    method: 'GET',
    path: '/api/files/:id',
    id: 'getFile',
    summary: 'A file: status, reconciliation, first transactions and download links',
    tag: 'Files',
    auth: 'optional',
    apiKey: true,
    params: IdParams,
    response: { 200: FileRecordSchema, ...errors(401, 404) },
  }),
  deleteFile: route({
    method: 'DELETE',
    path: '/api/files/:id',
    id: 'deleteFile',
    summary: 'Delete a file: the original, every output and every row',
    description: "An anonymous file is deleted with its upload's capability (X-File-Capability).",
    tag: 'Files',
    auth: 'optional',
    apiKey: true,
    headers: CAPABILITY_HEADERS,
    params: IdParams,
    response: { 200: MessageSchema, ...errors(401, 404) },
  }),
  downloadFree: route({
    method: 'GET',
    path: '/api/download-free/:id',
    id: 'downloadAnonymous',
    summary: 'Download an output of a free-trial or pay-as-you-go file (within its hour)',
    tag: 'Files',
    auth: 'none',
    params: IdParams,
    querystring: Type.Object({
      format: Type.Optional(FormatParam),
      preset: Type.Optional(PresetQuery),
      bom: Type.Optional(BomQuery),
      dates: Type.Optional(DatesQuery),
      columns: Type.Optional(ColumnsQuery),
      split: Type.Optional(SplitQuery),
    }),
    produces: 'application/octet-stream',
    response: { 200: BinarySchema, ...errors(400, 404, 410) },
  }),
  originalLink: route({
    method: 'GET',
    path: '/api/files/:id/download',
    id: 'getOriginalLink',
    summary: 'A short-lived link to the uploaded original',
    tag: 'Files',
    auth: 'required',
    apiKey: true,
    params: IdParams,
    response: { 200: OriginalDownloadResponseSchema, ...errors(401, 404) },
  }),
  downloadFormat: route({
    method: 'GET',
    path: '/api/files/:id/download/:format',
    id: 'downloadFormat',
    summary: 'Download an output of a vault file',
    description: 'Authorised by the signed `token` of the file record, or by a Bearer token or API key.',
    tag: 'Files',
    auth: 'optional',
    apiKey: true,
    params: Type.Object({ id: IdParams.properties.id, format: FormatParam }),
    querystring: Type.Object({
      token: TokenQuery.properties.token,
      preset: Type.Optional(PresetQuery),
      bom: Type.Optional(BomQuery),
      dates: Type.Optional(DatesQuery),
      columns: Type.Optional(ColumnsQuery),
      split: Type.Optional(SplitQuery),
    }),
    produces: 'application/octet-stream',
    response: { 200: BinarySchema, ...errors(400, 401, 404, 409, 410) },
  }),
  downloadOriginal: route({
    method: 'GET',
    path: '/api/files/:id/original',
    id: 'downloadOriginal',
    summary: 'Download the uploaded original of a vault file',
    tag: 'Files',
    auth: 'optional',
    apiKey: true,
    params: IdParams,
    querystring: TokenQuery,
    produces: 'application/octet-stream',
    response: { 200: BinarySchema, ...errors(401, 404, 410) },
  }),
  dashboard: route({
    method: 'GET',
    path: '/api/dashboard',
    id: 'getDashboard',
    summary: 'The vault: user, usage, limits and recent files',
    tag: 'Files',
    auth: 'required',
    response: { 200: DashboardResponseSchema, ...errors(401) },
  }),
  listFiles: route({
    method: 'GET',
    path: '/api/files',
    id: 'listFiles',
    summary: 'The vault, a page at a time: sorted, searched by name, filtered by upload date and status',
    description:
      'Pages follow `nextCursor` (pass it as `cursor` with the same sort, order and filters). `q` matches anywhere in the file name, case-insensitively; `from` and `to` bound the upload time (`to` excluded).',
    tag: 'Files',
    auth: 'required',
    apiKey: true,
    querystring: Type.Object({
      sort: Type.Optional(literals(VAULT_SORTS, { description: 'date (default), name or status' })),
      order: Type.Optional(literals(VAULT_ORDERS, { description: 'desc (default) or asc' })),
      q: Type.Optional(Type.String({ maxLength: 200, description: 'Part of the file name' })),
      status: Type.Optional(literals(VAULT_STATUS_FILTERS, { description: 'The status a file has now' })),
      from: Type.Optional(Type.String({ format: 'date-time', description: 'Uploaded at or after' })),
      to: Type.Optional(Type.String({ format: 'date-time', description: 'Uploaded before' })),
      cursor: Type.Optional(Type.String({ maxLength: 600, description: 'nextCursor of the page before' })),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: VAULT_MAX_PAGE_SIZE, default: VAULT_PAGE_SIZE })),
    }),
    response: { 200: VaultPageSchema, ...errors(400, 401) },
  }),
  restoreFile: route({
    method: 'POST',
    path: '/api/files/:id/restore',
    id: 'restoreFile',
    summary: 'Restore an archived file for 24 hours',
    tag: 'Files',
    auth: 'required',
    apiKey: true,
    params: IdParams,
    body: Type.Object({ expedited: Type.Optional(Type.Boolean()) }),
    response: { 200: RestoreResponseSchema, ...errors(401, 403, 404, 409) },
  }),
  // ---------------------------------------------------------------- Review (issue 14)
  getStatements: route({
    method: 'GET',
    path: '/api/files/:id/statements',
    id: 'getStatements',
    summary: "A file's statements at their latest version, every row, and the versions kept",
    tag: 'Files',
    auth: 'optional',
    apiKey: true,
    params: IdParams,
    response: { 200: StatementsResponseSchema, ...errors(401, 403, 404, 409) },
  }),
  saveStatements: route({
    method: 'PUT',
    path: '/api/files/:id/statements',
    id: 'saveStatements',
    summary: 'Save edited statements as a new version',
    description:
      "Every download then uses this version; the conversion (version 0) is kept. The balance check is recomputed. 409 VERSION_CONFLICT when `baseVersion` is not the latest. An anonymous file needs its upload's capability (X-File-Capability).",
    tag: 'Files',
    auth: 'optional',
    apiKey: true,
    headers: CAPABILITY_HEADERS,
    params: IdParams,
    body: SaveStatementsBodySchema,
    response: { 200: SavedVersionSchema, ...errors(400, 401, 403, 404, 409) },
  }),
  patchStatements: route({
    method: 'PATCH',
    path: '/api/files/:id/statements',
    id: 'patchStatements',
    summary: 'Save edited statements as a new version, sending only the change',
    description:
      "What the review screen sends: each statement of the new version lists its rows as runs of the base version's rows kept as they were (`copy`: statement, first row, count; 0-based) and rows sent whole (`row`, with the trace entries and issues about it). The notes about a statement as a whole are those of a base statement (`traceFrom`, `issuesFrom`) or sent whole. Otherwise as PUT: the balance check is recomputed, 409 VERSION_CONFLICT when `baseVersion` is not the latest, and an anonymous file needs its upload's capability (X-File-Capability).",
    tag: 'Files',
    auth: 'optional',
    apiKey: true,
    headers: CAPABILITY_HEADERS,
    params: IdParams,
    body: PatchStatementsBodySchema,
    response: { 200: SavedVersionSchema, ...errors(400, 401, 403, 404, 409) },
  }),
  restoreStatementsVersion: route({
    method: 'POST',
    path: '/api/files/:id/statements/restore',
    id: 'restoreStatementsVersion',
    summary: 'Make an earlier version (0: the conversion) the latest again',
    description: "An anonymous file needs its upload's capability (X-File-Capability).",
    tag: 'Files',
    auth: 'optional',
    apiKey: true,
    headers: CAPABILITY_HEADERS,
    params: IdParams,
    body: Type.Object({ version: Type.Integer({ minimum: 0 }) }),
    response: { 200: SavedVersionSchema, ...errors(400, 401, 403, 404, 409) },
  }),
  pagePicture: route({
    method: 'GET',
    path: '/api/files/:id/pages/:page',
    id: 'getPagePicture',
    summary: 'A page of the original as a PNG picture (PDFs, images, ZIPs of them)',
    description: "Vault files: by their owner or the signed link of the statements' pageUrl.",
    tag: 'Files',
    auth: 'optional',
    params: Type.Object({ id: IdParams.properties.id, page: Type.Integer({ minimum: 1, maximum: 100_000 }) }),
    querystring: Type.Object({
      token: TokenQuery.properties.token,
      source: Type.Optional(Type.String({ maxLength: 512, description: 'ZIP entry (Statement.source)' })),
      v: Type.Optional(Type.String({ maxLength: 8 })),
    }),
    produces: 'image/png',
    response: { 200: BinarySchema, ...errors(401, 403, 404, 409) },
  }),
  retryFile: route({
    method: 'POST',
    path: '/api/files/:id/retry',
    id: 'retryFile',
    summary: 'Run a failed conversion again, with the password of a protected PDF',
    description: 'The failure gave the charge back; the retry takes that same charge again, never a second one.',
    tag: 'Files',
    auth: 'optional',
    apiKey: true,
    headers: FINGERPRINT_HEADERS,
    params: IdParams,
    body: Type.Object({ password: Type.Optional(Type.String({ maxLength: 1024 })) }),
    response: { 200: FileRecordSchema, ...errors(400, 401, 402, 403, 404, 429) },
  }),
  fileEvents: route({
    method: 'GET',
    path: '/api/files/events',
    id: 'followFiles',
    summary: 'Server-sent events: the records of up to 20 files as their conversions progress',
    description:
      'Sends `file` events (a file record) at once and at every change, `gone` for a file that cannot be read; ends when none is processing.',
    tag: 'Files',
    auth: 'optional',
    apiKey: true,
    querystring: Type.Object({ ids: Type.String({ maxLength: 1400, description: 'File ids, comma-separated' }) }),
    produces: 'text/event-stream',
    response: { 200: Type.String({ description: 'text/event-stream' }), ...errors(400) },
  }),
} as const satisfies Record<string, RouteSpec>;

export type RouteName = keyof typeof ROUTES;

type Part<R, K extends string> = R extends { [P in K]: infer S extends TSchema } ? Static<S> : undefined;

/** The JSON body a route takes. */
export type RouteBody<R extends RouteSpec> = Part<R, 'body'>;
export type RouteParams<R extends RouteSpec> = Part<R, 'params'>;
export type RouteQuery<R extends RouteSpec> = Part<R, 'querystring'>;

type SuccessCodes<R extends RouteSpec> = Extract<keyof R['response'], 200 | 201 | 202 | 204>;
/** What a route answers on success. */
export type RouteResponse<R extends RouteSpec> = {
  [K in SuccessCodes<R>]: R['response'][K] extends TSchema ? Static<R['response'][K]> : never;
}[SuccessCodes<R>];

/** Fills a route's `:params` into its path. */
export function routePath(spec: Pick<RouteSpec, 'path'>, params?: Record<string, string | number>): string {
  return spec.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${spec.path}`);
    return encodeURIComponent(String(value));
  });
}
