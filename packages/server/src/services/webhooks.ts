/**
 * Webhooks of API keys: when a file uploaded with a key finishes converting, a
 * `conversion.completed` or `conversion.failed` event is POSTed to the key's webhook URL,
 * signed as Stripe signs its own:
 *
 *   Statemint-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>
 *
 * A delivery that fails (network error, timeout, non-2xx) is retried with backoff
 * (config.webhookRetryDelaysMs), then given up; every attempt shows in the delivery log.
 * Deliveries live in the database, so a restart loses none.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import type { FileRecord, WebhookDeliveryInfo } from '@statemint/shared';
import type { Selectable } from 'kysely';
import type { AppContext } from '../context';
import type { WebhookDeliveriesTable } from '../db/schema';
import type { ConversionListener, FilesContext } from '../files/context';
import { getFileRecord } from '../files/service';
import { isPrivateHost } from './api-keys';

export const SIGNATURE_HEADER = 'Statemint-Signature';
export type WebhookEventType = 'conversion.completed' | 'conversion.failed';

export interface WebhookEvent {
  id: string;
  type: WebhookEventType;
  /** Unix seconds. */
  created: number;
  data: { file: FileRecord };
}

type DeliveryRow = Selectable<WebhookDeliveriesTable>;

/** `t=...,v1=...` for a body sent at `timestamp` (unix seconds). */
export function signPayload(secret: string, timestamp: number, body: string): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

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

export class WebhookDispatcher {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly intervalMs = 500,
  ) {}

  start(): void {
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
    if (this.running) return this.running;
    this.running = this.pass().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async pass(): Promise<void> {
    const rows = await this.ctx.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', this.ctx.clock.now())
      .orderBy('next_attempt_at')
      .limit(50)
      .execute();
    for (const row of rows) {
      if (this.closed) return;
      try {
        await this.attempt(row);
      } catch (err) {
        this.ctx.log.error({ err, deliveryId: row.id }, 'webhook delivery failed');
      }
    }
  }

  private async attempt(row: DeliveryRow): Promise<void> {
    const key = await this.ctx.db
      .selectFrom('api_keys')
      .select(['webhook_secret', 'revoked_at'])
      .where('id', '=', row.api_key_id)
      .executeTakeFirst();
    const attempts = row.attempts + 1;
    const finish = (patch: Partial<DeliveryRow>) =>
      this.ctx.db
        .updateTable('webhook_deliveries')
        .set({ attempts, ...patch })
        .where('id', '=', row.id)
        .where('status', '=', 'pending')
        .execute();
    if (!key?.webhook_secret || key.revoked_at !== null) {
      await finish({
        status: 'failed',
        next_attempt_at: null,
        last_error: 'The API key was revoked or its webhook removed.',
      });
      return;
    }
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      const url = new URL(row.url);
      if (!this.ctx.config.webhookAllowPrivateUrls) {
        // The name may have been pointed at a private address after the URL was saved.
        const addresses = await lookup(url.hostname.replace(/^\[|\]$/g, ''), { all: true });
        if (addresses.some((a) => isPrivateHost(a.address))) {
          await finish({
            status: 'failed',
            next_attempt_at: null,
            last_error: 'Refused: the URL resolves to a private address.',
          });
          return;
        }
      }
      const timestamp = Math.floor(this.ctx.clock.now() / 1000);
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Statemint-Webhooks/1.0',
          'statemint-event-id': row.event_id,
          [SIGNATURE_HEADER]: signPayload(key.webhook_secret, timestamp, row.payload),
        },
        body: row.payload,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.ctx.config.webhookTimeoutMs),
      });
      statusCode = res.status;
      await res.body?.cancel().catch(() => undefined);
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
    const delays = this.ctx.config.webhookRetryDelaysMs;
    const delay = delays[attempts - 1];
    await finish(
      delay === undefined
        ? { status: 'failed', last_status_code: statusCode, last_error: error, next_attempt_at: null }
        : { last_status_code: statusCode, last_error: error, next_attempt_at: this.ctx.clock.now() + delay },
    );
  }
}

/** Queues the event of a finished conversion of a file uploaded with an API key that has a webhook. */
export function conversionWebhooks(files: FilesContext, dispatcher: WebhookDispatcher): ConversionListener {
  return async ({ fileId, ok }) => {
    const upload = await files.db
      .selectFrom('api_uploads')
      .innerJoin('api_keys', 'api_keys.id', 'api_uploads.api_key_id')
      .select(['api_keys.id as keyId', 'api_keys.webhook_url as url', 'api_keys.revoked_at', 'api_keys.user_id'])
      .where('api_uploads.file_id', '=', fileId)
      .executeTakeFirst();
    if (!upload?.url || upload.revoked_at !== null) return;
    const now = files.ctx.clock.now();
    const event: WebhookEvent = {
      id: `evt_${randomUUID().replace(/-/g, '')}`,
      type: ok ? 'conversion.completed' : 'conversion.failed',
      created: Math.floor(now / 1000),
      data: { file: await getFileRecord(files, fileId, upload.user_id) },
    };
    await files.db
      .insertInto('webhook_deliveries')
      .values({
        id: randomUUID(),
        api_key_id: upload.keyId,
        event_id: event.id,
        event_type: event.type,
        file_id: fileId,
        url: upload.url,
        payload: JSON.stringify(event),
        status: 'pending',
        attempts: 0,
        next_attempt_at: now,
        last_status_code: null,
        last_error: null,
        created_at: now,
        delivered_at: null,
      })
      .execute();
    void dispatcher.runDue();
  };
}
