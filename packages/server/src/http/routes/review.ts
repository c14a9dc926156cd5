/**
 * Routes of the review screen and of conversion progress (issue 14): statements at their latest
 * version, saving edits as a new version, restoring an earlier one, page pictures, a retry with a
 * PDF's password, and server-sent events with file records as conversions finish. Thin: validate,
 * authorise, call one service function, shape the answer.
 */
import { AppError, type FileRecord, MAX_STREAM_FILES, ROUTES } from '@statemint/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUploader } from '../../files/capability';
import { retryConversion } from '../../files/retry';
import { getFileRecord } from '../../files/service';
import { SAVE_BODY_LIMIT, SAVE_BODY_MS, SaveGate } from '../../review/save-limits';
import { getStatements, pagePicture, patchStatements, restoreVersion, saveStatements } from '../../review/service';
import { route } from '../route';
import { capabilityOf, fileId, fingerprint, ID_PATTERN } from './files';

/** How often an event stream re-reads its files from the database (changes made by other processes). */
export const EVENTS_RECHECK_MS = 2_000;
const HEARTBEAT_MS = 15_000;

const userOf = (request: FastifyRequest) => request.auth?.user.id ?? null;

export async function reviewRoutes(app: FastifyInstance): Promise<void> {
  const files = app.services.files;
  // Open event streams end when the server closes (they would otherwise hold it open).
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...streams]) end();
  });
  // Saves and restores under way (issue 29, N7): a slot is taken before the body is read and given
  // back once answered; a body still unread after SAVE_BODY_MS is cut.
  const saves = new SaveGate();
  const bodyMs = Math.min(SAVE_BODY_MS, files.ctx.config.receiveLimits.deadlineMs);
  const bodyTimers = new WeakMap<FastifyRequest, NodeJS.Timeout>();
  const SAVES = new Set<unknown>([ROUTES.saveStatements, ROUTES.patchStatements, ROUTES.restoreStatementsVersion]);
  app.addHook('onRequest', async (request, reply) => {
    if (!SAVES.has(request.routeOptions.config.spec)) return;
    let release: () => void;
    try {
      release = saves.take((request.params as { id?: string }).id ?? '', request.ip);
    } catch (e) {
      // The body is not wanted: the connection closes after the answer instead of reading it.
      reply.header('Connection', 'close');
      throw e;
    }
    const cut = setTimeout(() => request.raw.destroy(), bodyMs);
    bodyTimers.set(request, cut);
    reply.raw.once('close', () => {
      clearTimeout(cut);
      release();
    });
  });
  app.addHook('preValidation', async (request) => clearTimeout(bodyTimers.get(request)));

  route(app, ROUTES.getStatements, async (request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
    return getStatements(files, fileId(request), userOf(request), request.auth?.sessionId ?? null);
  });

  // An anonymous file is changed by its uploader only, who holds the upload's capability (N15).
  route(
    app,
    ROUTES.saveStatements,
    async (request) => {
      await requireUploader(files, fileId(request), capabilityOf(request));
      return saveStatements(files, fileId(request), userOf(request), request.body, request.auth?.sessionId ?? null);
    },
    { bodyLimit: SAVE_BODY_LIMIT },
  );

  // What the review screen sends: only the change from the version the edits started from.
  route(
    app,
    ROUTES.patchStatements,
    async (request) => {
      await requireUploader(files, fileId(request), capabilityOf(request));
      return patchStatements(files, fileId(request), userOf(request), request.body, request.auth?.sessionId ?? null);
    },
    { bodyLimit: SAVE_BODY_LIMIT },
  );

  route(app, ROUTES.restoreStatementsVersion, async (request) => {
    await requireUploader(files, fileId(request), capabilityOf(request));
    return restoreVersion(
      files,
      fileId(request),
      userOf(request),
      request.body.version,
      request.auth?.sessionId ?? null,
    );
  });

  route(app, ROUTES.pagePicture, async (request, reply) => {
    const png = await pagePicture(
      files,
      fileId(request),
      { userId: userOf(request), token: request.query.token },
      request.params.page,
      request.query.source || undefined,
    );
    return reply.type('image/png').header('Cache-Control', 'private, max-age=3600').send(png);
  });

  route(app, ROUTES.retryFile, async (request) =>
    retryConversion(files, {
      id: fileId(request),
      userId: userOf(request),
      sessionId: request.auth?.sessionId ?? null,
      password: request.body?.password,
      ip: request.ip,
      fingerprint: fingerprint(request),
    }),
  );

  /**
   * Server-sent events. Each file's record is sent at once (`file`), then again whenever it
   * changes; a file that cannot be read sends `gone`. The stream ends when no file of it is
   * processing any more.
   */
  route(app, ROUTES.fileEvents, async (request, reply) => {
    const ids = [...new Set(request.query.ids.split(',').filter(Boolean))];
    if (ids.length === 0 || ids.length > MAX_STREAM_FILES || !ids.every((id) => ID_PATTERN.test(id)))
      throw new AppError('VALIDATION_FAILED', `ids must name 1 to ${MAX_STREAM_FILES} files.`, { field: 'ids' });
    const userId = userOf(request);
    const sessionId = request.auth?.sessionId ?? null;
    const last = new Map<string, string>();
    const open = new Set(ids);
    let closed = false;

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'private, no-store',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    const write = (event: string, data: unknown) => {
      if (!closed) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    const finish = () => {
      if (closed) return;
      closed = true;
      streams.delete(finish);
      unsubscribe();
      clearInterval(recheck);
      clearInterval(heartbeat);
      res.end();
    };
    const send = async (id: string) => {
      let record: FileRecord;
      try {
        record = await getFileRecord(files, id, userId, sessionId);
      } catch {
        if (open.delete(id)) write('gone', { id });
        if (open.size === 0) finish();
        return;
      }
      const key = `${record.status}|${record.restoreStatus}|${record.transactionCount}|${record.errorCode}`;
      if (last.get(id) !== key) {
        last.set(id, key);
        write('file', record);
      }
      if (record.status !== 'processing') open.delete(id);
      else open.add(id);
      if (open.size === 0) finish();
    };
    const unsubscribe = files.events.onChanged((id) => {
      if (ids.includes(id)) void send(id);
    });
    const recheck = setInterval(() => {
      for (const id of open) void send(id);
    }, EVENTS_RECHECK_MS);
    const heartbeat = setInterval(() => {
      if (!closed) res.write(': keep-alive\n\n');
    }, HEARTBEAT_MS);
    streams.add(finish);
    request.raw.on('close', finish);
    for (const id of ids) await send(id);
    return reply;
  });
}
