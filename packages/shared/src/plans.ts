/** Plans, prices and limits: DECISIONS.md, kept in one place for server and web. */

export const PRODUCT_NAME = 'Statemint';

/** The support address when SUPPORT_EMAIL is not configured (DECISIONS.md). */
export const DEFAULT_SUPPORT_EMAIL = 'support@statemint.local';

export const PLANS = ['free', 'starter', 'pro', 'pro_monthly', 'business'] as const;
export type Plan = (typeof PLANS)[number];

/** -1 means unlimited. */
export interface PlanLimits {
  uploads: number;
  restores: number;
  /** Longest retention the plan may choose, in days. */
  maxRetentionDays: number;
}

export const PLAN_LIMITS: Record<Plan, PlanLimits> = {
  free: { uploads: 1, restores: 0, maxRetentionDays: 0 },
  starter: { uploads: 100, restores: 10, maxRetentionDays: 7 },
  pro: { uploads: 400, restores: 50, maxRetentionDays: 30 },
  pro_monthly: { uploads: 400, restores: 50, maxRetentionDays: 30 },
  business: { uploads: 40000, restores: -1, maxRetentionDays: 30 },
};

export const PLAN_LABELS: Record<Plan, string> = {
  free: 'Free',
  starter: 'Starter',
  pro: 'Pro',
  pro_monthly: 'Pro',
  business: 'Business',
};

/** Plans with the dashboard, the vault and subscription cards. */
export const SUBSCRIPTION_PLANS = ['pro', 'pro_monthly', 'business'] as const satisfies readonly Plan[];

export function isSubscriptionPlan(plan: Plan): boolean {
  return (SUBSCRIPTION_PLANS as readonly Plan[]).includes(plan);
}

/** Accounts whose uploads are the free trial (1 per 24 hours); every other plan uploads against its monthly quota. */
export function usesFreeTrial(plan: Plan): boolean {
  return plan === 'free';
}

export const PAYMENT_TYPES = ['payasyougo', 'pro', 'business'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** Prices in cents (USD). Displayed amount is cents / 100. */
export const PRICES_CENTS: Record<PaymentType, number> = {
  payasyougo: 149,
  pro: 3500,
  business: 10000,
};

/**
 * Pay-as-you-go (issue 27, no lost money): one payment may buy a conversion for each of several
 * chosen files, up to this many; it costs the per-file price times the number of files.
 */
export const PAYG_MAX_FILES = 20;

/** Cents a pay-as-you-go payment for `files` conversions costs. */
export function paygAmount(files: number): number {
  return PRICES_CENTS.payasyougo * files;
}

/** Cents a payment of `type` costs: a subscription its price, pay-as-you-go its price per file. */
export function paymentAmount(type: PaymentType, files = 1): number {
  return type === 'payasyougo' ? paygAmount(files) : PRICES_CENTS[type];
}

export const CURRENCY = 'USD';

export function formatPrice(cents: number): string {
  return `$${(cents / 100).toFixed(cents % 100 === 0 ? 0 : 2)}`;
}

export const LIMITS = {
  maxUploadBytes: 10 * 1024 * 1024,
  freeTrialWindowHours: 24,
  freeTrialDailyUsers: 50,
  freeTrialLockHours: 4,
  anonymousFileLifeHours: 1,
  hotFileHours: 24,
  restoreWindowHours: 24,
  defaultRetentionDays: 30,
  retentionChoices: [1, 3, 7, 14, 30] as const,
  minPasswordLength: 8,
  verificationTokenHours: 24,
  /** A password-reset link works once, for this long. */
  passwordResetTokenHours: 1,
  pollIntervalMs: 2000,
  uploadProgress: [30, 70, 100] as const,
  loginRedirectDelayMs: 200,
  dashboardRefetchMs: 30_000,
  dashboardStaleMs: 10_000,
  dashboardRetries: 2,
  toastDurationMs: 5000,
  toastSwipeThresholdPx: 50,
  tooltipDelayMs: 700,
  moneyBackDays: 30,
  priceChangeNoticeDays: 30,
  minimumAge: 18,
} as const;

export type RetentionDays = (typeof LIMITS.retentionChoices)[number];
