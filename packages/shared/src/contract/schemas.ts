/**
 * JSON schemas (TypeBox) of the API's bodies and answers. The interfaces in api.ts and
 * files-api.ts stay what server and web code name; each schema here is checked at compile time
 * against its interface (both ways), so a field added to one and not the other fails `npm test`.
 * The server validates requests and writes answers with these schemas, and OpenAPI is made from them.
 */
import { type Static, type TSchema, type TUnsafe, Type } from '@sinclair/typebox';
import type {
  AccountPayment,
  ApiKeyInfo,
  ApiUser,
  CancelSubscriptionResponse,
  ConfirmPaymentResponse,
  CreateApiKeyResponse,
  CreatePaymentIntentResponse,
  ExportSettings,
  LoginResponse,
  MessageResponse,
  PaymentCredit,
  PublicConfig,
  RegisterResponse,
  UpdateRetentionResponse,
  UpdateWebhookResponse,
  VerifyEmailResponse,
  WebhookDeliveryInfo,
} from '../api';
import { ERROR_CODES } from '../errors';
import { CSV_COLUMNS, CSV_DATE_FORMATS, FILE_STATUSES, RESTORE_STATUSES } from '../files';
import type {
  DashboardResponse,
  FileRecord,
  FreeTrialCheckResponse,
  OriginalDownloadResponse,
  RestoreResponse,
  UploadResponse,
  VaultPage,
} from '../files-api';
import { LIMITS, PAYMENT_TYPES, PLANS } from '../plans';
import { type PayeeRule, RULE_LIMITS } from '../rules';
import type { Transaction } from '../statement';

/** Compile-time proof that a schema and an interface describe the same values (both ways). */
export type Same<A, B> = [A] extends [B]
  ? [B] extends [A]
    ? [keyof A] extends [keyof B]
      ? [keyof B] extends [keyof A]
        ? true
        : false
      : false
    : false
  : false;
export type Assert<T extends true> = T;

/** A string enum (`{ type: 'string', enum: [...] }`), typed as the union of its values. */
export const literals = <const T extends readonly string[]>(values: T, options: Record<string, unknown> = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });

/**
 * The schema typed as its interface: the compiler then reads the interface instead of re-deriving
 * it from the schema at every use (the Assert beside each proves the two agree).
 */
const typed = <T>(schema: TSchema) => schema as TUnsafe<T>;

const PRIMITIVE_TYPES = new Set(['string', 'number', 'integer', 'boolean']);

/**
 * `T | null`. A string, number, integer or boolean schema becomes `{ type: [T, 'null'] }` (an enum
 * gains null), not an anyOf: the server's validator coerces types, and inside an anyOf its first
 * branch would turn a null into 0, "" or false before the null branch is tried. A value that fits a
 * type list is left as it is. Objects and arrays, never coerced, stay an anyOf.
 */
export const Nullable = <T extends TSchema>(schema: T): TUnsafe<Static<T> | null> => {
  // String keys only: TypeBox's own symbol keys (its Kind) must not follow into the new schema.
  const { type, enum: values, ...rest } = Object.fromEntries(Object.entries(schema)) as Record<string, unknown>;
  if (typeof type === 'string' && PRIMITIVE_TYPES.has(type))
    return Type.Unsafe<Static<T> | null>({
      ...rest,
      type: [type, 'null'],
      ...(Array.isArray(values) ? { enum: [...values, null] } : {}),
    });
  return typed<Static<T> | null>(Type.Union([schema, Type.Null()]));
};
const DateTime = (description?: string) =>
  Type.String({ format: 'date-time', ...(description ? { description } : {}) });

// ---- Request pieces (the validation messages in the server's validation.ts name these fields) ----

export const EmailSchema = Type.String({
  minLength: 1,
  maxLength: 254,
  pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
  description: 'An e-mail address',
});
export const NewPasswordSchema = Type.String({ minLength: LIMITS.minPasswordLength, maxLength: 1024 });
export const PasswordSchema = Type.String({ minLength: 1, maxLength: 1024 });
export const NameSchema = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' });

// ---- Errors ----

export const ErrorCodeSchema = literals(ERROR_CODES, { description: 'Machine-readable error code' });
export const ApiErrorSchema = Type.Object(
  {
    message: Type.String({ description: 'What a person reads' }),
    code: ErrorCodeSchema,
    field: Type.Optional(Type.String({ description: 'VALIDATION_FAILED: the offending field' })),
  },
  { title: 'ApiError' },
);

// ---- Accounts ----

export const PlanSchema = literals(PLANS);
export const PaymentTypeSchema = literals(PAYMENT_TYPES);

const ApiUserObject = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    email: Type.String(),
    plan: PlanSchema,
    emailVerified: Type.Boolean(),
    autoDeleteEnabled: Type.Boolean(),
    fileRetentionDays: Type.Integer(),
    subscriptionStatus: Nullable(literals(['active', 'canceling', 'canceled'] as const)),
    currentPeriodEnd: Nullable(DateTime('End of the paid period, for subscribers')),
    cancelAt: Nullable(DateTime('When a canceled subscription stops')),
  },
  { title: 'User' },
);
export type _User = Assert<Same<Static<typeof ApiUserObject>, ApiUser>>;
export const ApiUserSchema = typed<ApiUser>(ApiUserObject);

const MessageObject = Type.Object({ message: Type.String() });
export type _Message = Assert<Same<Static<typeof MessageObject>, MessageResponse>>;
export const MessageSchema = typed<MessageResponse>(MessageObject);

const LoginResponseObject = Type.Object({
  token: Type.Optional(Type.String({ description: 'Session token (Bearer); absent until the e-mail is verified' })),
  user: Type.Optional(ApiUserSchema),
  requiresVerification: Type.Boolean(),
  verificationSent: Type.Optional(
    Type.Boolean({ description: 'Unverified e-mail: whether this login sent a new verification link' }),
  ),
  message: Type.String(),
});
export type _Login = Assert<Same<Static<typeof LoginResponseObject>, LoginResponse>>;
export const LoginResponseSchema = typed<LoginResponse>(LoginResponseObject);

const RegisterResponseObject = Type.Object({
  user: ApiUserSchema,
  token: Type.Optional(Type.String()),
  requiresVerification: Type.Boolean(),
  message: Type.String(),
});
export type _Register = Assert<Same<Static<typeof RegisterResponseObject>, RegisterResponse>>;
export const RegisterResponseSchema = typed<RegisterResponse>(RegisterResponseObject);

const PublicConfigObject = Type.Object({
  supportEmail: Type.String(),
  stripePublishableKey: Nullable(Type.String()),
  testMode: Type.Boolean(),
});
export type _PublicConfig = Assert<Same<Static<typeof PublicConfigObject>, PublicConfig>>;
export const PublicConfigSchema = typed<PublicConfig>(PublicConfigObject);

const VerifyEmailResponseObject = Type.Object({ success: Type.Literal(true), message: Type.String() });
export type _Verify = Assert<Same<Static<typeof VerifyEmailResponseObject>, VerifyEmailResponse>>;
export const VerifyEmailResponseSchema = typed<VerifyEmailResponse>(VerifyEmailResponseObject);

const UpdateRetentionResponseObject = Type.Object({
  autoDeleteEnabled: Type.Boolean(),
  fileRetentionDays: Type.Integer(),
});
export type _Retention = Assert<Same<Static<typeof UpdateRetentionResponseObject>, UpdateRetentionResponse>>;
export const UpdateRetentionResponseSchema = typed<UpdateRetentionResponse>(UpdateRetentionResponseObject);

export const ChangePasswordResponseSchema = Type.Object({
  token: Type.String({ description: 'A fresh session for this device; every other session was revoked' }),
  message: Type.String(),
});

// ---- Payments and subscriptions ----

const CreatePaymentIntentResponseObject = Type.Object({
  clientSecret: Type.String(),
  paymentIntentId: Type.String(),
});
export type _Intent = Assert<Same<Static<typeof CreatePaymentIntentResponseObject>, CreatePaymentIntentResponse>>;
export const CreatePaymentIntentResponseSchema = typed<CreatePaymentIntentResponse>(CreatePaymentIntentResponseObject);

const ConfirmPaymentResponseObject = Type.Object({
  success: Type.Literal(true),
  type: PaymentTypeSchema,
  paymentIntentId: Type.String(),
  token: Type.Optional(Type.String()),
  user: Type.Optional(ApiUserSchema),
});
export type _Confirm = Assert<Same<Static<typeof ConfirmPaymentResponseObject>, ConfirmPaymentResponse>>;
export const ConfirmPaymentResponseSchema = typed<ConfirmPaymentResponse>(ConfirmPaymentResponseObject);

const PaymentCreditObject = Type.Object(
  {
    paymentIntentId: Type.String(),
    paid: Type.Boolean({ description: 'Whether the card processor says it is paid' }),
    files: Type.Integer({ description: 'Conversions bought' }),
    remaining: Type.Integer({ description: 'Conversions not used yet' }),
  },
  { title: 'PaymentCredit' },
);
export type _PaymentCredit = Assert<Same<Static<typeof PaymentCreditObject>, PaymentCredit>>;
export const PaymentCreditSchema = typed<PaymentCredit>(PaymentCreditObject);

// ---- Export options remembered per account (issue 27) ----

const ExportSettingsObject = Type.Object(
  {
    csvColumns: Nullable(
      Type.Array(literals(CSV_COLUMNS), {
        minItems: 1,
        maxItems: CSV_COLUMNS.length,
        uniqueItems: true,
        description: "The CSV columns in their order; null for the preset's",
      }),
    ),
    csvDates: literals(CSV_DATE_FORMATS, { description: "The CSV's Date column: 2024-12-31, 31/12/2024, 12/31/2024" }),
    bom: Type.Boolean({ description: 'CSVs start with a UTF-8 byte-order mark (Excel on Windows)' }),
  },
  { title: 'ExportSettings' },
);
export type _ExportSettings = Assert<Same<Static<typeof ExportSettingsObject>, ExportSettings>>;
export const ExportSettingsSchema = typed<ExportSettings>(ExportSettingsObject);

// ---- Rules that learn (issue 27) ----

const ruleText = (description: string, minLength = 1) =>
  Type.String({ minLength, maxLength: RULE_LIMITS.text, description });

/** A payee and category rule as it is made (POST /api/rules). */
export const NewPayeeRuleSchema = Type.Object({
  accountNumber: Nullable(
    Type.String({ maxLength: 64, description: 'The statement account number it is for; null for every account' }),
  ),
  match: ruleText('Words the description holds (case, accents and spacing ignored)', RULE_LIMITS.minMatch),
  payee: Nullable(ruleText('The payee to call such rows')),
  category: Nullable(ruleText('The category to give such rows')),
});

const PayeeRuleObject = Type.Object(
  {
    id: Type.String(),
    accountNumber: Nullable(Type.String()),
    match: Type.String(),
    payee: Nullable(Type.String()),
    category: Nullable(Type.String()),
    createdAt: DateTime(),
  },
  { title: 'PayeeRule' },
);
export type _PayeeRule = Assert<Same<Static<typeof PayeeRuleObject>, PayeeRule>>;
export const PayeeRuleSchema = typed<PayeeRule>(PayeeRuleObject);

const CancelSubscriptionResponseObject = Type.Object({ cancelAt: DateTime(), message: Type.String() });
export type _Cancel = Assert<Same<Static<typeof CancelSubscriptionResponseObject>, CancelSubscriptionResponse>>;
export const CancelSubscriptionResponseSchema = typed<CancelSubscriptionResponse>(CancelSubscriptionResponseObject);

const AccountPaymentObject = Type.Object(
  {
    id: Type.String({ description: 'Receipt number' }),
    type: PaymentTypeSchema,
    description: Type.String(),
    amount: Type.Integer({ description: 'Cents' }),
    currency: Type.String(),
    paidAt: DateTime(),
    cardLast4: Nullable(Type.String()),
    receiptSent: Type.Boolean(),
  },
  { title: 'Payment' },
);
export type _AccountPayment = Assert<Same<Static<typeof AccountPaymentObject>, AccountPayment>>;
export const AccountPaymentSchema = typed<AccountPayment>(AccountPaymentObject);

// ---- Developer API ----

const ApiKeyObject = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    prefix: Type.String({ description: 'The first characters of the key' }),
    createdAt: DateTime(),
    lastUsedAt: Nullable(DateTime()),
    revokedAt: Nullable(DateTime()),
    webhookUrl: Nullable(Type.String()),
  },
  { title: 'ApiKey' },
);
export type _ApiKey = Assert<Same<Static<typeof ApiKeyObject>, ApiKeyInfo>>;
export const ApiKeySchema = typed<ApiKeyInfo>(ApiKeyObject);

const CreateApiKeyResponseObject = Type.Object({
  apiKey: ApiKeySchema,
  key: Type.String({ description: 'sm_live_...: shown once; send it as Authorization: Bearer <key>' }),
  webhookSecret: Nullable(Type.String({ description: 'whsec_...: verifies webhook signatures; shown once' })),
});
export type _CreateApiKey = Assert<Same<Static<typeof CreateApiKeyResponseObject>, CreateApiKeyResponse>>;
export const CreateApiKeyResponseSchema = typed<CreateApiKeyResponse>(CreateApiKeyResponseObject);

const UpdateWebhookResponseObject = Type.Object({
  apiKey: ApiKeySchema,
  webhookSecret: Nullable(Type.String({ description: 'The new signing secret; shown once' })),
});
export type _UpdateWebhook = Assert<Same<Static<typeof UpdateWebhookResponseObject>, UpdateWebhookResponse>>;
export const UpdateWebhookResponseSchema = typed<UpdateWebhookResponse>(UpdateWebhookResponseObject);

const WebhookDeliveryObject = Type.Object(
  {
    id: Type.String(),
    eventId: Type.String(),
    eventType: literals(['conversion.completed', 'conversion.failed'] as const),
    fileId: Nullable(Type.String()),
    url: Type.String(),
    status: literals(['pending', 'delivered', 'failed'] as const),
    attempts: Type.Integer(),
    lastStatusCode: Nullable(Type.Integer()),
    lastError: Nullable(Type.String()),
    createdAt: DateTime(),
    deliveredAt: Nullable(DateTime()),
    nextAttemptAt: Nullable(DateTime()),
  },
  { title: 'WebhookDelivery' },
);
export type _WebhookDelivery = Assert<Same<Static<typeof WebhookDeliveryObject>, WebhookDeliveryInfo>>;
export const WebhookDeliverySchema = typed<WebhookDeliveryInfo>(WebhookDeliveryObject);

// ---- Files ----

export const FileStatusSchema = literals(FILE_STATUSES);
export const RestoreStatusSchema = literals(RESTORE_STATUSES);

const UploadResponseObject = Type.Object({
  id: Type.String(),
  status: FileStatusSchema,
  capability: Type.Optional(
    Type.String({ description: 'Anonymous uploads: send it as X-File-Capability to save edits or delete the file' }),
  ),
});
export type _Upload = Assert<Same<Static<typeof UploadResponseObject>, UploadResponse>>;
export const UploadResponseSchema = typed<UploadResponse>(UploadResponseObject);

const FreeTrialCheckResponseObject = Type.Object({
  canUse: Type.Boolean(),
  reason: Type.String(),
  code: Type.Optional(ErrorCodeSchema),
  nextAt: Type.Optional(Nullable(DateTime('When refused: from when the free trial can be used again'))),
});
export type _FreeTrial = Assert<Same<Static<typeof FreeTrialCheckResponseObject>, FreeTrialCheckResponse>>;
export const FreeTrialCheckResponseSchema = typed<FreeTrialCheckResponse>(FreeTrialCheckResponseObject);

const TransactionBoxSchema = Type.Object({
  page: Type.Integer(),
  x: Type.Number(),
  y: Type.Number(),
  width: Type.Number(),
  height: Type.Number(),
  pageWidth: Type.Number(),
  pageHeight: Type.Number(),
});

const TransactionObject = Type.Object(
  {
    date: Type.String({ description: 'ISO YYYY-MM-DD' }),
    sourceDate: Type.String(),
    description: Type.String(),
    credit: Nullable(Type.Number()),
    debit: Nullable(Type.Number()),
    amount: Type.Number({ description: 'Signed: credit positive, debit negative' }),
    balance: Nullable(Type.Number()),
    reference: Nullable(Type.String()),
    page: Type.Integer(),
    confidence: Type.Optional(Type.Number()),
    corrected: Type.Optional(Type.Boolean()),
    bbox: Type.Optional(TransactionBoxSchema),
    payee: Type.Optional(Type.String({ description: "Who the row was paid to or by, as the account's rules call it" })),
    category: Type.Optional(Type.String({ description: "The category the account's rules give the row" })),
  },
  { title: 'Transaction' },
);
export type _Transaction = Assert<Same<Static<typeof TransactionObject>, Transaction>>;
export const TransactionSchema = typed<Transaction>(TransactionObject);

const url = () => Nullable(Type.String());

const FileRecordObject = Type.Object(
  {
    id: Type.String(),
    originalFilename: Type.String(),
    fileSize: Type.Integer(),
    createdAt: DateTime(),
    mode: literals(['free_trial', 'paid', 'subscription'] as const),
    status: FileStatusSchema,
    restoreStatus: Nullable(RestoreStatusSchema),
    restoreExpiresAt: Nullable(DateTime()),
    availableUntil: Nullable(DateTime('Until when the outputs can be downloaded')),
    deleteAt: Nullable(DateTime('When the file and everything derived from it is deleted')),
    transactionCount: Nullable(Type.Integer()),
    statementCount: Nullable(Type.Integer()),
    currency: Nullable(Type.String()),
    reconciliation: Nullable(
      Type.Object({
        status: literals(['balanced', 'unbalanced', 'unknown'] as const),
        mismatchCount: Type.Integer(),
        mismatches: Type.Array(
          Type.Object({
            row: Type.Integer(),
            expected: Type.Number(),
            printed: Type.Number(),
            statement: Type.Integer(),
          }),
        ),
      }),
    ),
    preview: Nullable(Type.Array(TransactionSchema)),
    errorCode: Nullable(ErrorCodeSchema),
    errorMessage: Nullable(Type.String()),
    excelUrl: url(),
    xlsxUrl: url(),
    csvUrl: url(),
    jsonUrl: url(),
    xmlUrl: url(),
    textUrl: url(),
    htmlUrl: url(),
    ofxUrl: url(),
    qfxUrl: url(),
    qboUrl: url(),
    qifUrl: url(),
    iifUrl: url(),
  },
  { title: 'File' },
);
export type _File = Assert<Same<Static<typeof FileRecordObject>, FileRecord>>;
export const FileRecordSchema = typed<FileRecord>(FileRecordObject);

const OriginalDownloadResponseObject = Type.Object({ downloadUrl: Type.String(), filename: Type.String() });
export type _Original = Assert<Same<Static<typeof OriginalDownloadResponseObject>, OriginalDownloadResponse>>;
export const OriginalDownloadResponseSchema = typed<OriginalDownloadResponse>(OriginalDownloadResponseObject);

const RestoreResponseObject = Type.Object({ message: Type.String(), file: FileRecordSchema });
export type _Restore = Assert<Same<Static<typeof RestoreResponseObject>, RestoreResponse>>;
export const RestoreResponseSchema = typed<RestoreResponse>(RestoreResponseObject);

const DashboardResponseObject = Type.Object({
  user: ApiUserSchema,
  stats: Type.Object({
    totalFiles: Type.Integer(),
    filesThisMonth: Type.Integer(),
    restoresThisMonth: Type.Integer(),
    storageUsed: Type.Integer({ description: 'Bytes' }),
    archivedFiles: Type.Integer(),
    restoredFiles: Type.Integer(),
  }),
  limits: Type.Object({
    uploads: Type.Integer({ description: '-1: unlimited' }),
    restores: Type.Integer({ description: '-1: unlimited' }),
  }),
  recentFiles: Type.Array(FileRecordSchema),
  nextCursor: Nullable(Type.String({ description: 'GET /api/files?cursor= for the next page of files' })),
  freeTrial: Type.Optional(
    Type.Object(
      {
        canUse: Type.Boolean(),
        code: Nullable(literals(['FREE_TRIAL_COOLDOWN', 'FREE_TRIAL_LOCKED'] as const)),
        nextAt: Nullable(DateTime('When the free trial can be used again')),
      },
      { description: 'Free accounts only: their uploads are the free trial' },
    ),
  ),
});
export type _Dashboard = Assert<Same<Static<typeof DashboardResponseObject>, DashboardResponse>>;
export const DashboardResponseSchema = typed<DashboardResponse>(DashboardResponseObject);

/** A downloaded file: bytes, described for OpenAPI (the server sends them as they are). */
export const BinarySchema = Type.String({ format: 'binary', description: 'The file' });

const VaultPageObject = Type.Object({
  files: Type.Array(FileRecordSchema),
  nextCursor: Nullable(Type.String({ description: 'Pass as cursor for the next page; null on the last page' })),
});
export type _VaultPage = Assert<Same<Static<typeof VaultPageObject>, VaultPage>>;
export const VaultPageSchema = typed<VaultPage>(VaultPageObject);
