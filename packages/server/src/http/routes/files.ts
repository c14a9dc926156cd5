/**
 * Routes of uploads, conversions, downloads and the vault (SPEC §7). Thin: validate,
 * authorise, call one service function, shape the answer.
 */
import multipart from '@fastify/multipart';
import {
  AppError,
  FILE_CAPABILITY_HEADER,
  type FreeTrialCheckResponse,
  ROUTES,
  type UploadResponse,
} from '@statemint/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  attachmentHeader,
  type Download,
  downloadFree,
  downloadOriginal,
  downloadOwned,
  originalLink,
} from '../../downloads/service';
import { type Admission, refusalBeforeBody, ServerBusyError, UploadGate } from '../../files/admission';
import type { FilesContext } from '../../files/context';
import { AVAILABLE_MESSAGE, freeTrialRefusal, freeTrialStatus } from '../../files/free-trial';
import { MULTIPART_LIMITS, readUpload } from '../../files/read-upload';
import {
  deleteAnonymousFile,
  deleteOwnedFile,
  getFileRecord,
  NOT_FOUND_MESSAGE,
  type UploadContext,
  uploadForAccount,
  uploadFreeTrial,
  uploadPaid,
} from '../../files/service';
import { UploadGarbage } from '../../files/upload-garbage';
import { dashboard } from '../../vault/dashboard';
import { listVault } from '../../vault/list';
import { requestRestore } from '../../vault/restore';
import { uploadFingerprint, withIdempotency } from '../idempotency';
import { RefusedBodies } from '../refused-body';
import { route } from '../route';

/** The files services of an app (tests run the sweeper and wait for jobs through it). */

const FINGERPRINT_HEADER = 'x-device-fingerprint';
export const ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

export function fileId(request: FastifyRequest<{ Params: { id: string } }>): string {
  const id = request.params.id;
  if (!ID_PATTERN.test(id)) throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
  return id;
}

/** The anonymous file capability a request carries (UploadResponse.capability). */
export function capabilityOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[FILE_CAPABILITY_HEADER];
  return (Array.isArray(raw) ? raw[0] : raw) || undefined;
}

export function fingerprint(request: FastifyRequest): string | null {
  const raw = request.headers[FINGERPRINT_HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value?.trim().slice(0, 512) || null;
}

function send(reply: FastifyReply, download: Download) {
  return reply
    .header('Content-Type', download.contentType)
    .header('Content-Disposition', attachmentHeader(download.filename))
    .header('Cache-Control', 'private, no-store')
    .send(download.body);
}

export async function fileRoutes(app: FastifyInstance): Promise<void> {
  const files = app.services.files;
  await app.register(multipart, { limits: MULTIPART_LIMITS });

  const uploadContext = async (request: FastifyRequest): Promise<UploadContext> => ({
    upload: await readUpload(request, admitted.get(request)?.signal),
    ip: request.ip,
    fingerprint: fingerprint(request),
    auth: request.auth,
  });

  route(app, ROUTES.checkFreeTrial, async (request) => {
    // Only about the caller's own address, device and account (issue 29, N14): an e-mail in the body
    // is not looked up, or anyone could ask whether any address has used its trial. The upload
    // itself still refuses an e-mail whose trial is used.
    const identity = {
      email: request.auth?.user.email ?? null,
      fingerprint: fingerprint(request) ?? (request.body?.deviceFingerprint?.trim() || null),
      ip: request.ip,
    };
    const refusal = await freeTrialRefusal(files, identity);
    if (!refusal) return { canUse: true, reason: AVAILABLE_MESSAGE } satisfies FreeTrialCheckResponse;
    // The next free time, so the upload page can say it (and offer to pay) instead of a bare refusal.
    const { nextAt } = await freeTrialStatus(files, identity);
    return {
      canUse: false,
      reason: refusal.message,
      code: refusal.code,
      nextAt: nextAt === null ? null : new Date(nextAt).toISOString(),
    } satisfies FreeTrialCheckResponse;
  });

  // Each upload is admitted before its body is read: refusals that need no body come first, and
  // uploads in flight are bounded per address and in all (files/admission.ts).
  const gate = new UploadGate(files.ctx.config.receiveLimits);
  const admitted = new WeakMap<FastifyRequest, Admission>();
  app.addHook('onClose', async () => gate.close());
  const refused = new RefusedBodies();
  app.addHook('preClose', async () => refused.close());
  const admit =
    (path: 'free-trial' | 'paid' | 'account') =>
    async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      try {
        const refusal = await refusalBeforeBody(files, path, {
          auth: request.auth,
          ip: request.ip,
          fingerprint: fingerprint(request),
        });
        if (refusal) throw refusal;
        admitted.set(
          request,
          gate.take(request.ip, request.raw.socket, Number(request.headers['content-length']) || 0),
        );
      } catch (e) {
        // The body is not wanted: the connection closes after the answer, gracefully, so the client
        // still sending it reads the answer (http/refused-body.ts). Only a client refused for others'
        // load has its body read to the end; one refused for its own (a used trial, its address's
        // uploads in flight) is left unread.
        refused.refuse(request, reply, { drain: e instanceof ServerBusyError });
        throw e;
      }
    };
  // Ended uploads' bytes are collected while the conversions run (files/upload-garbage.ts).
  const garbage = new UploadGarbage();
  app.addHook('onClose', async () => garbage.close());
  const release = async (request: FastifyRequest) => {
    const admission = admitted.get(request);
    if (!admission) return;
    admission.release();
    admitted.delete(request);
    garbage.ended();
  };
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);

  // Uploads take an Idempotency-Key: a retry answers the first response, converting and charging once.
  const idempotentUpload =
    (name: string, upload: (files: FilesContext, input: UploadContext) => Promise<UploadResponse>) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const input = await uploadContext(request);
      return withIdempotency(request, reply, uploadFingerprint(name, input.upload), async () => ({
        status: 201,
        body: await upload(files, input),
      }));
    };
  route(app, ROUTES.uploadFreeTrial, idempotentUpload('uploadFreeTrial', uploadFreeTrial), {
    preHandler: admit('free-trial'),
  });
  route(app, ROUTES.uploadPaid, idempotentUpload('uploadPaid', uploadPaid), { preHandler: admit('paid') });
  route(app, ROUTES.upload, idempotentUpload('upload', uploadForAccount), { preHandler: admit('account') });

  route(app, ROUTES.getFile, async (request) =>
    getFileRecord(files, fileId(request), request.auth?.user.id ?? null, request.auth?.sessionId ?? null),
  );

  route(app, ROUTES.downloadFree, async (request, reply) =>
    send(reply, await downloadFree(files, fileId(request), request.query.format, request.query)),
  );

  route(app, ROUTES.originalLink, async (request) =>
    originalLink(files, fileId(request), request.auth!.user.id, request.auth!.sessionId),
  );

  route(app, ROUTES.downloadFormat, async (request, reply) =>
    send(
      reply,
      await downloadOwned(
        files,
        fileId(request),
        request.params.format,
        { userId: request.auth?.user.id ?? null, token: request.query.token },
        request.query,
      ),
    ),
  );

  route(app, ROUTES.downloadOriginal, async (request, reply) =>
    send(
      reply,
      await downloadOriginal(files, fileId(request), {
        userId: request.auth?.user.id ?? null,
        token: request.query.token,
      }),
    ),
  );

  route(app, ROUTES.dashboard, async (request) =>
    dashboard(files, request.auth!.user, request.ip, request.auth!.sessionId),
  );

  route(app, ROUTES.listFiles, async (request) =>
    listVault(files, request.auth!.user.id, request.auth!.sessionId, request.query),
  );

  route(app, ROUTES.restoreFile, async (request) =>
    requestRestore(
      files,
      request.auth!.user,
      fileId(request),
      request.body?.expedited === true,
      request.auth!.sessionId,
    ),
  );

  // A vault file by its owner; an anonymous file by its uploader, with the upload's capability.
  route(app, ROUTES.deleteFile, async (request) => {
    const id = fileId(request);
    const row = request.auth ? await files.repo.find(id) : undefined;
    if (request.auth && row?.user_id === request.auth.user.id) return deleteOwnedFile(files, id, request.auth.user.id);
    return deleteAnonymousFile(files, id, capabilityOf(request));
  });
}
