/**
 * One configuration object, read from the environment once at start-up
 * (DECISIONS.md "Name and defaults"). Nothing else reads process.env.
 */
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { DEFAULT_SUPPORT_EMAIL } from '@statemint/shared';

/** Fixed-window limits on the account endpoints. Logins count failures only. */
export interface AuthRateLimits {
  windowMs: number;
  /** Failed logins from one IP (any accounts). */
  loginPerIp: number;
  /** Failed logins of one account from one IP (with backoff past 5: services/auth.ts). */
  loginPerEmail: number;
  registerPerIp: number;
  registerPerEmail: number;
  /** create-payment-intent calls per IP. */
  paymentIntentsPerIp: number;
  /** send-verification / resend-verification e-mails per account (and per IP for resend). */
  verificationEmails: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  publicUrl: string;
  supportEmail: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  stripeSecretKey: string | undefined;
  stripePublishableKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  /** S3-compatible file store (S3_BUCKET): unset keeps files in DATA_DIR/files. */
  s3Bucket: string | undefined;
  /** S3_ENDPOINT: a service other than AWS (MinIO, R2), e.g. http://minio:9000. */
  s3Endpoint: string | undefined;
  /** S3_REGION (default us-east-1; R2 takes auto). */
  s3Region: string | undefined;
  /** S3_FORCE_PATH_STYLE=true: the bucket in the path, not the host name (MinIO). */
  s3ForcePathStyle: boolean;
  jwtSecret: string | undefined;
  fileEncryptionKey: string | undefined;
  webDist: string;
  logLevel: string;
  /**
   * The reverse proxies whose X-Forwarded-For is believed: addresses, CIDRs or proxy-addr's
   * names (loopback, linklocal, uniquelocal), comma-separated. Off (false) by default so clients
   * cannot fake their IP; never "any peer", which would let a client rotate its own header.
   */
  trustProxy: false | string;
  /** Lifetime of a login session (and of its JWT). */
  sessionTtlHours: number;
  authRateLimits: AuthRateLimits;
  /** Conversion worker threads (CONVERSION_WORKERS, default: the number of cores). */
  conversionWorkers: number;
  /**
   * On SIGTERM, how long running conversions may take to finish (SHUTDOWN_GRACE_MS, default 25 s,
   * inside a container runtime's usual 30 s); past it they are returned to the queue.
   */
  shutdownGraceMs: number;
  /** METRICS_TOKEN: when set, GET /metrics asks for `Authorization: Bearer <token>`. */
  metricsToken: string | undefined;
  /** Time limit of one conversion (CONVERSION_TIMEOUT_MS, default 120 s). */
  conversionTimeoutMs: number;
  /** V8 heap limit of one conversion worker thread, MB (CONVERSION_MEMORY_MB, default 768). */
  conversionMemoryMb: number;
  /** BullMQ queue name when REDIS_URL is set (QUEUE_NAME). */
  queueName: string;
  /** Requests per minute one API key may make (API_KEY_RATE_LIMIT, default 120). */
  apiKeyRateLimitPerMinute: number;
  /**
   * Webhook URLs on loopback or private networks, and plain http (WEBHOOK_ALLOW_PRIVATE_URLS=true):
   * off by default, so a webhook cannot be aimed at the server's own network.
   */
  webhookAllowPrivateUrls: boolean;
  /** Waits before each retry of a failed webhook delivery; after the last, the delivery is given up. */
  webhookRetryDelaysMs: number[];
  /** Time limit of one webhook delivery. */
  webhookTimeoutMs: number;
  /** How slowly a client may send a request (issue 29, N1): a stalled upload is cut and its slot freed. */
  receiveLimits: ReceiveLimits;
}

export interface ReceiveLimits {
  /** Time from the connection (or the previous request on it) to the end of the request's headers. */
  headersTimeoutMs: number;
  /** An upload that sends nothing for this long is cut. */
  idleMs: number;
  /** An upload that has sent nothing for this long no longer counts as one in progress for the global limit. */
  stallMs: number;
  /** After `graceMs`, an upload slower on average than this is cut. */
  minBytesPerSecond: number;
  graceMs: number;
  /** Time limit of receiving one request's body (a 10 MB upload needs about 56 KB/s). */
  deadlineMs: number;
}

export const DEFAULT_RECEIVE_LIMITS: ReceiveLimits = {
  headersTimeoutMs: 15_000,
  idleMs: 15_000,
  stallMs: 2_000,
  minBytesPerSecond: 8_192,
  graceMs: 15_000,
  deadlineMs: 180_000,
};

/** 10 s, 1 min, 5 min, 30 min, 2 h, 6 h: seven attempts over about nine hours. */
export const DEFAULT_WEBHOOK_RETRY_DELAYS_MS = [10_000, 60_000, 300_000, 1_800_000, 7_200_000, 21_600_000];

export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = {
  windowMs: 15 * 60_000,
  loginPerIp: 50,
  loginPerEmail: 10,
  registerPerIp: 20,
  registerPerEmail: 5,
  paymentIntentsPerIp: 30,
  verificationEmails: 5,
};

function positiveNumber(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got '${raw}'`);
  return n;
}

/** TRUST_PROXY=true means the proxies of a private network, never any peer at all. */
export const PRIVATE_PROXIES = 'loopback, linklocal, uniquelocal';

function parseTrustProxy(raw: string | undefined): false | string {
  const value = raw?.trim();
  if (!value || value === '0' || value === 'false') return false;
  if (value === 'true' || value === '1') return PRIVATE_PROXIES;
  if (/^\d+$/.test(value))
    throw new Error(
      `TRUST_PROXY must name the proxies' addresses (a hop count cannot tell a proxy from a client), got '${raw}'`,
    );
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got '${env.PORT}'`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    supportEmail: env.SUPPORT_EMAIL ?? DEFAULT_SUPPORT_EMAIL,
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Statemint <no-reply@statemint.local>',
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    s3Bucket: env.S3_BUCKET || undefined,
    s3Endpoint: env.S3_ENDPOINT || undefined,
    s3Region: env.S3_REGION || undefined,
    s3ForcePathStyle: env.S3_FORCE_PATH_STYLE === 'true' || env.S3_FORCE_PATH_STYLE === '1',
    jwtSecret: env.JWT_SECRET || undefined,
    fileEncryptionKey: env.FILE_ENCRYPTION_KEY || undefined,
    webDist: resolve(env.WEB_DIST ?? new URL('../../../web/dist', import.meta.url).pathname),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    sessionTtlHours: positiveNumber('SESSION_TTL_HOURS', env.SESSION_TTL_HOURS, 7 * 24),
    authRateLimits: {
      ...DEFAULT_AUTH_RATE_LIMITS,
      loginPerIp: positiveNumber('LOGIN_RATE_LIMIT_PER_IP', env.LOGIN_RATE_LIMIT_PER_IP, 50),
    },
    conversionWorkers: Math.floor(positiveNumber('CONVERSION_WORKERS', env.CONVERSION_WORKERS, availableParallelism())),
    metricsToken: env.METRICS_TOKEN || undefined,
    shutdownGraceMs: positiveNumber('SHUTDOWN_GRACE_MS', env.SHUTDOWN_GRACE_MS, 25_000),
    conversionTimeoutMs: positiveNumber('CONVERSION_TIMEOUT_MS', env.CONVERSION_TIMEOUT_MS, 120_000),
    conversionMemoryMb: positiveNumber('CONVERSION_MEMORY_MB', env.CONVERSION_MEMORY_MB, 768),
    queueName: env.QUEUE_NAME || 'statemint-conversions',
    apiKeyRateLimitPerMinute: Math.floor(positiveNumber('API_KEY_RATE_LIMIT', env.API_KEY_RATE_LIMIT, 120)),
    webhookAllowPrivateUrls: env.WEBHOOK_ALLOW_PRIVATE_URLS === 'true' || env.WEBHOOK_ALLOW_PRIVATE_URLS === '1',
    webhookRetryDelaysMs: DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
    webhookTimeoutMs: 10_000,
    receiveLimits: DEFAULT_RECEIVE_LIMITS,
  };
}
