/**
 * Developer API keys (Pro and Business): `sm_live_` + 256 random bits, shown once, stored as a
 * sha256 hash, named, with a last-used time and a per-key rate limit. A key authenticates the
 * conversion and file endpoints (routes marked `apiKey` in the route table) as its owner.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { type ApiKeyInfo, AppError, type CreateApiKeyResponse, isSubscriptionPlan } from '@statemint/shared';
import type { AppContext } from '../context';
import type { ApiKeyRow } from './api-keys-repository';
import { verifyPassword } from './passwords';
import { isPublicHost } from './public-address';
import { checkLimits } from './rate-limit';
import type { AuthSession } from './sessions';
import { refreshSubscription } from './subscriptions';
import { type UserRow, userPlan } from './users';

export const API_KEY_PREFIX = 'sm_live_';
export const MAX_KEYS_PER_ACCOUNT = 20;
const PLAN_MESSAGE = 'API keys are available on the Pro and Business plans.';
const INVALID_KEY = 'Invalid API key.';
const WRONG_PASSWORD = 'Current password is incorrect';

export type { ApiKeyRow };

export function isApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function toApiKeyInfo(row: ApiKeyRow): ApiKeyInfo {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: new Date(row.created_at).toISOString(),
    lastUsedAt: iso(row.last_used_at),
    revokedAt: iso(row.revoked_at),
    webhookUrl: row.webhook_url,
  };
}

function requireApiPlan(user: UserRow): void {
  if (!isSubscriptionPlan(userPlan(user))) throw new AppError('SUBSCRIPTION_REQUIRED', PLAN_MESSAGE);
}

/** A webhook URL people may set: https to a public host (http and private hosts only where configured). */
export function validateWebhookUrl(ctx: AppContext, raw: string): string {
  const fail = (why: string): never => {
    throw new AppError('VALIDATION_FAILED', `Webhook URL ${why}`, { field: 'webhookUrl' });
  };
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return fail('is not a valid URL.');
  }
  const allowPrivate = ctx.config.webhookAllowPrivateUrls;
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) fail('must start with https://.');
  if (url.username || url.password) fail('must not contain a user name or password.');
  if (url.hash) fail('must not contain a #fragment.');
  if (!allowPrivate && !isPublicHost(url.hostname)) fail('must point to a public address.');
  if (url.href.length > 2048) fail('is too long.');
  return url.href;
}

function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

export async function listApiKeys(ctx: AppContext, user: UserRow): Promise<ApiKeyInfo[]> {
  return (await ctx.repos.apiKeys.keysOfUser(user.id)).map(toApiKeyInfo);
}

export async function createApiKey(
  ctx: AppContext,
  user: UserRow,
  input: { name: string; webhookUrl?: string; password: string },
): Promise<CreateApiKeyResponse> {
  requireApiPlan(user);
  // A key outlives the session that made it: a stolen session alone must not mint one (issue 29, N9).
  if (!(await verifyPassword(user.password_hash, input.password)))
    throw new AppError('INVALID_CREDENTIALS', WRONG_PASSWORD, { field: 'password' });
  const name = input.name.trim();
  if (!name) throw new AppError('VALIDATION_FAILED', 'Name is required', { field: 'name' });
  const webhookUrl = input.webhookUrl ? validateWebhookUrl(ctx, input.webhookUrl) : null;
  if ((await ctx.repos.apiKeys.countActiveOf(user.id)) >= MAX_KEYS_PER_ACCOUNT)
    throw new AppError('VALIDATION_FAILED', `An account can have at most ${MAX_KEYS_PER_ACCOUNT} active API keys.`);
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const webhookSecret = webhookUrl ? newWebhookSecret() : null;
  const row: ApiKeyRow = {
    id: randomUUID(),
    user_id: user.id,
    name,
    prefix: key.slice(0, API_KEY_PREFIX.length + 4),
    key_hash: hashKey(key),
    webhook_url: webhookUrl,
    webhook_secret: webhookSecret,
    created_at: ctx.clock.now(),
    last_used_at: null,
    revoked_at: null,
  };
  await ctx.repos.apiKeys.insert(row);
  return { apiKey: toApiKeyInfo(row), key, webhookSecret };
}

/** Revokes every key of the account: a new password (changed or reset) ends what the old one made. */
export async function revokeAllApiKeys(ctx: AppContext, userId: string): Promise<void> {
  await ctx.repos.apiKeys.revokeAllOf(userId, ctx.clock.now());
}

export async function findOwnedKey(ctx: AppContext, user: UserRow, id: string): Promise<ApiKeyRow> {
  const row = await ctx.repos.apiKeys.findOfUser(user.id, id);
  if (!row) throw new AppError('NOT_FOUND', 'API key not found.');
  return row;
}

export async function revokeApiKey(ctx: AppContext, user: UserRow, id: string): Promise<ApiKeyInfo> {
  const row = await findOwnedKey(ctx, user, id);
  const revokedAt = row.revoked_at ?? ctx.clock.now();
  await ctx.repos.apiKeys.revoke(row.id, revokedAt);
  return toApiKeyInfo({ ...row, revoked_at: revokedAt });
}

export async function setWebhook(
  ctx: AppContext,
  user: UserRow,
  id: string,
  rawUrl: string | null,
): Promise<{ apiKey: ApiKeyInfo; webhookSecret: string | null }> {
  requireApiPlan(user);
  const row = await findOwnedKey(ctx, user, id);
  if (row.revoked_at !== null) throw new AppError('NOT_FOUND', 'API key not found.');
  const webhookUrl = rawUrl ? validateWebhookUrl(ctx, rawUrl) : null;
  // A new URL gets a new secret; the same URL keeps its secret (not shown again).
  const changed = webhookUrl !== row.webhook_url;
  const webhookSecret = webhookUrl ? (changed ? newWebhookSecret() : row.webhook_secret) : null;
  // Compare-and-set: a key revoked meanwhile keeps no webhook.
  if (!(await ctx.repos.apiKeys.setWebhook(row.id, { url: webhookUrl, secret: webhookSecret })))
    throw new AppError('NOT_FOUND', 'API key not found.');
  return {
    apiKey: toApiKeyInfo({ ...row, webhook_url: webhookUrl, webhook_secret: webhookSecret }),
    webhookSecret: changed ? webhookSecret : null,
  };
}

/**
 * Resolves `Authorization: Bearer sm_live_...` to its owner, or 401 (unknown or revoked key) /
 * 403 (the plan no longer includes the API) / 429 (over the key's rate limit).
 */
export async function verifyApiKey(ctx: AppContext, key: string): Promise<AuthSession> {
  const row = await ctx.repos.apiKeys.findByHash(hashKey(key));
  if (!row) throw new AppError('UNAUTHORIZED', INVALID_KEY);
  if (row.revoked_at !== null) throw new AppError('UNAUTHORIZED', 'This API key has been revoked.');
  const found = await ctx.repos.users.find(row.user_id);
  if (!found) throw new AppError('UNAUTHORIZED', INVALID_KEY);
  const user = await refreshSubscription(ctx, found);
  requireApiPlan(user);
  await checkLimits(ctx.limits, [{ key: `api-key:${row.id}`, limit: ctx.config.apiKeyRateLimitPerMinute }], 60_000);
  const now = ctx.clock.now();
  // Last used, to the minute: one write a minute per key at most.
  if (row.last_used_at === null || now - row.last_used_at >= 60_000) await ctx.repos.apiKeys.touch(row.id, now);
  return { user, sessionId: `api-key:${row.id}`, apiKeyId: row.id };
}

/** Whether API key `keyId` is `userId`'s and not revoked (a download link made with it still works). */
export async function isLiveKeyOf(ctx: AppContext, keyId: string, userId: string): Promise<boolean> {
  return ctx.repos.apiKeys.isLiveKeyOf(keyId, userId);
}
