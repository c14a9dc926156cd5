/**
 * Webhooks of API keys: when a file uploaded with a key finishes converting, a
 * `conversion.completed` or `conversion.failed` event is POSTed to the key's webhook URL,
 * signed as Stripe signs its own:
 *
 *   Statemint-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>
 *
 * A delivery that fails (network error, timeout, non-2xx) is retried with backoff
 * (config.webhookRetryDelaysMs), then given up; every attempt shows in the delivery log.
 * Deliveries live in the database, so a restart loses none, and any process may send them.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { AppError, type FileRecord, type WebhookDeliveryInfo } from '@statemint/shared';
import type { AppContext } from '../context';
import type { ConversionListener, FilesContext } from '../files/context';
import { getFileRecord } from '../files/service';
import type { ApiKeysRepository, DeliveryRow } from './api-keys-repository';
import { pinnedLookup, type ResolvedHost, resolveHost } from './public-address';

export const SIGNATURE_HEADER = 'Statemint-Signature';
export type WebhookEventType = 'conversion.completed' | 'conversion.failed';

export interface WebhookEvent {
  id: string;
  type: WebhookEventType;
  /** Unix seconds. */
  created: number;
  /** The file as it is when the event is sent. */
  data: { file?: FileRecord };
}

/** `t=...,v1=...` for a body sent at `timestamp` (unix seconds). */
export function signPayload(secret: string, timestamp: number, body: string): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/**
 * POSTs `body` to `url`, connecting to `target` only (TLS still checks the certificate of the URL's
 * host name). A redirect is not followed: its status is the answer, as any other non-2xx. The
 * answer's body is not read.
 */
export function postPinned(
  url: URL,
  target: ResolvedHost,
  options: { headers: Record<string, string>; body: string; timeoutMs: number },
): Promise<{ status: number }> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      url,
      {
        method: 'POST',
        headers: { ...options.headers, 'content-length': String(Buffer.byteLength(options.body)) },
        lookup: pinnedLookup(target),
        signal: AbortSignal.timeout(options.timeoutMs),
      },
      (res) => {
        resolve({ status: res.statusCode ?? 0 });
        res.destroy();
      },
    );
    req.on('error', (err) =>
      reject(err.name === 'AbortError' ? Object.assign(new Error('Timed out'), { name: 'TimeoutError' }) : err),
    );
    req.end(options.body);
  });
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The delivery log of an API key's webhook (the newest 100). */
export async function listDeliveries(ctx: AppContext, apiKeyId: string): Promise<WebhookDeliveryInfo[]> {
  return (await ctx.repos.apiKeys.deliveriesOf(apiKeyId, 100)).map(toDeliveryInfo);
}

export function toDeliveryInfo(row: DeliveryRow): WebhookDeliveryInfo {
  return {
    id: row.id,
    eventId: row.event_id,
    eventType: row.event_type as WebhookEventType,
    fileId: row.file_id,
    url: row.url,
    status: row.status as WebhookDeliveryInfo['status'],
    attempts: row.attempts,
    lastStatusCode: row.last_status_code,
    lastError: row.last_error,
    createdAt: new Date(row.created_at).toISOString(),
    deliveredAt: iso(row.delivered_at),
    nextAttemptAt: row.status === 'pending' ? iso(row.next_attempt_at) : null,
  };
}

/**
 * Sends due deliveries. Every process of a deployment may run one on the same database: a
 * delivery is claimed with a conditional UPDATE (pending, due, and not claimed or its claim run
 * out) before it is sent, so one dispatcher sends it; a dispatcher whose process dies mid-delivery
 * leaves a claim that runs out after `leaseMs`, and another sends it then (at least once, as
 * receivers de-duplicate on the event id).
 */
export class WebhookDispatcher {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private closed = false;
  /** How long a claim holds: longer than one attempt can take (DNS, connect, the request's time limit). */
  readonly leaseMs: number;

  private readonly ctx: AppContext;

  constructor(
    private readonly files: FilesContext,
    private readonly intervalMs = 500,
  ) {
    this.ctx = files.ctx;
    this.leaseMs = this.ctx.config.webhookTimeoutMs * 2 + 10_000;
  }

  start(): void {
    this.closed = false;
    this.timer = setInterval(() => void this.runDue(), this.intervalMs);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** Delivers every delivery that is due now (one pass at a time). */
  runDue(): Promise<void> {
    // Once closed, what is due waits in the database for another process (or the next start).
    if (this.closed) return Promise.resolve();
    if (this.running) return this.running;
    this.running = this.pass()
      .catch((err: unknown) => this.ctx.log.error({ err }, 'webhook dispatch failed'))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async pass(): Promise<void> {
    const now = this.ctx.clock.now();
    const due = await this.ctx.repos.apiKeys.dueDeliveryIds(now, 50);
    for (const id of due) {
      if (this.closed) return;
      const claimed = await this.claim(id);
      if (!claimed) continue; // another dispatcher has it
      try {
        await this.attempt(claimed);
      } catch (err) {
        this.ctx.log.error({ err, deliveryId: id }, 'webhook delivery failed');
      }
    }
  }

  /** Takes the delivery for this dispatcher and counts the attempt, or null when another holds it. */
  private async claim(id: string): Promise<(DeliveryRow & { lease_token: string }) | null> {
    const now = this.ctx.clock.now();
    const token = randomUUID();
    const row = await this.ctx.repos.apiKeys.claimDelivery(id, { token, now, leaseUntil: now + this.leaseMs });
    return row ? { ...row, lease_token: token } : null;
  }

  /**
   * The event's JSON body, made from the file as it is now (the row keeps no statement content),
   * or null when the file is gone.
   */
  private async body(row: DeliveryRow, userId: string): Promise<string | null> {
    const event: WebhookEvent = {
      id: row.event_id,
      type: row.event_type as WebhookEventType,
      created: Math.floor(row.created_at / 1000),
      data: {},
    };
    if (row.file_id !== null) {
      try {
        event.data.file = await getFileRecord(this.files, row.file_id, userId);
      } catch (e) {
        if (e instanceof AppError) return null;
        throw e;
      }
    }
    return JSON.stringify(event);
  }

  private async attempt(row: DeliveryRow & { lease_token: string }): Promise<void> {
    const delays = this.ctx.config.webhookRetryDelaysMs;
    // Only the claim's holder writes the outcome: a dispatcher that outlived its claim changes nothing.
    const finish = (patch: Parameters<ApiKeysRepository['finishDelivery']>[2]) =>
      this.ctx.repos.apiKeys.finishDelivery(row.id, row.lease_token, patch);
    if (row.attempts > delays.length + 1) {
      // Every attempt it was given ended with its dispatcher's process.
      await finish({ status: 'failed', next_attempt_at: null, last_error: 'Given up: no attempt finished.' });
      return;
    }
    const key = await this.ctx.repos.apiKeys.webhookSigningOf(row.api_key_id);
    if (!key?.webhook_secret || key.revoked_at !== null) {
      await finish({
        status: 'failed',
        next_attempt_at: null,
        last_error: 'The API key was revoked or its webhook removed.',
      });
      return;
    }
    const body = await this.body(row, key.user_id);
    if (body === null) {
      await finish({ status: 'failed', next_attempt_at: null, last_error: 'The file was deleted.' });
      return;
    }
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      const url = new URL(row.url);
      // Resolved once, here: the connection goes to this address (a name that resolves to a public
      // address now and a private one a moment later cannot turn the request around).
      const target = await resolveHost(url.hostname, !this.ctx.config.webhookAllowPrivateUrls);
      if (!target) {
        await finish({
          status: 'failed',
          next_attempt_at: null,
          last_error: 'Refused: the URL resolves to a private address.',
        });
        return;
      }
      const timestamp = Math.floor(this.ctx.clock.now() / 1000);
      const res = await postPinned(url, target, {
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Statemint-Webhooks/1.0',
          'statemint-event-id': row.event_id,
          [SIGNATURE_HEADER]: signPayload(key.webhook_secret, timestamp, body),
        },
        body,
        timeoutMs: this.ctx.config.webhookTimeoutMs,
      });
      statusCode = res.status;
      if (res.status >= 200 && res.status < 300) {
        await finish({
          status: 'delivered',
          last_status_code: statusCode,
          last_error: null,
          delivered_at: this.ctx.clock.now(),
          next_attempt_at: null,
        });
        return;
      }
      error = `HTTP ${res.status}`;
    } catch (e) {
      error = e instanceof Error ? (e.name === 'TimeoutError' ? 'Timed out' : e.message) : String(e);
    }
    const delay = delays[row.attempts - 1];
    await finish(
      delay === undefined
        ? { status: 'failed', last_status_code: statusCode, last_error: error, next_attempt_at: null }
        : { last_status_code: statusCode, last_error: error, next_attempt_at: this.ctx.clock.now() + delay },
    );
  }
}

/** Makes the dispatcher of `files` and queues conversion events where conversions finish (createServices holds it). */
export function createWebhookDispatcher(files: FilesContext): WebhookDispatcher {
  const dispatcher = new WebhookDispatcher(files);
  files.conversionListeners.push(conversionWebhooks(files, dispatcher));
  return dispatcher;
}

/** Queues the event of a finished conversion of a file uploaded with an API key that has a webhook. */
export function conversionWebhooks(files: FilesContext, dispatcher: WebhookDispatcher): ConversionListener {
  return async ({ fileId, ok }) => {
    const upload = await files.ctx.repos.apiKeys.webhookOfUpload(fileId);
    if (!upload?.url || upload.revokedAt !== null) return;
    const now = files.ctx.clock.now();
    await files.ctx.repos.apiKeys.insertDelivery({
      id: randomUUID(),
      api_key_id: upload.keyId,
      event_id: `evt_${randomUUID().replace(/-/g, '')}`,
      event_type: ok ? 'conversion.completed' : 'conversion.failed',
      file_id: fileId,
      url: upload.url,
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      last_status_code: null,
      last_error: null,
      created_at: now,
      delivered_at: null,
      lease_token: null,
      lease_until: null,
    });
    void dispatcher.runDue();
  };
}
