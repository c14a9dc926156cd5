/** SPEC §7 account routes: register, login, user, logout, verification, retention. */
import {
  AppError,
  LIMITS,
  type MessageResponse,
  type PublicConfig,
  TEXTS,
  type VerifyEmailResponse,
} from '@statemint/shared';
import type { FastifyInstance } from 'fastify';
import { changePassword, limitAttempts, login, register, updateRetention } from '../../services/auth';
import { revokeSession, verifySessionToken } from '../../services/sessions';
import { findUserByEmail, normalizeEmail, toApiUser } from '../../services/users';
import { sendVerificationEmail, verifyEmailToken } from '../../services/verification';
import { authenticate, bearerToken, requireAuth } from '../auth';
import { emailSchema, nameSchema, newPasswordSchema, passwordSchema } from './schemas';

const RESEND_MESSAGE =
  'If an account with that email exists and is not yet verified, we have sent a new verification link.';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  app.get(
    '/api/config',
    async (): Promise<PublicConfig> => ({
      supportEmail: ctx.config.supportEmail,
      stripePublishableKey: ctx.payments.mode === 'stripe' ? (ctx.config.stripePublishableKey ?? null) : null,
      testMode: ctx.payments.mode === 'test',
    }),
  );

  app.post<{ Body: { email: string; password: string; name: string } }>(
    '/api/auth/register',
    {
      schema: {
        body: {
          type: 'object',
          required: ['email', 'password', 'name'],
          properties: { email: emailSchema, password: newPasswordSchema, name: nameSchema },
        },
      },
    },
    async (request, reply) => {
      limitAttempts(ctx, 'register', request.ip, request.body.email);
      return reply.status(201).send(await register(ctx, request.body));
    },
  );

  app.post<{ Body: { email: string; password: string } }>(
    '/api/auth/login',
    {
      schema: {
        body: {
          type: 'object',
          required: ['email', 'password'],
          properties: { email: emailSchema, password: passwordSchema },
        },
      },
    },
    async (request) => {
      limitAttempts(ctx, 'login', request.ip, request.body.email);
      return login(ctx, request.body);
    },
  );

  app.get('/api/auth/user', { preHandler: authenticate }, async (request) =>
    toApiUser((await requireAuth(request)).user),
  );

  // Always succeeds: the client clears its session either way; a live token's session is revoked.
  app.post('/api/auth/logout', async (request): Promise<MessageResponse> => {
    const token = bearerToken(request);
    if (token) {
      try {
        const session = await verifySessionToken(ctx, token);
        await revokeSession(ctx, session.sessionId);
      } catch (e) {
        if (!(e instanceof AppError && e.code === 'UNAUTHORIZED')) throw e;
      }
    }
    return { message: 'Logged out' };
  });

  app.post<{ Body: { currentPassword: string; newPassword: string } }>(
    '/api/auth/change-password',
    {
      preHandler: authenticate,
      schema: {
        body: {
          type: 'object',
          required: ['currentPassword', 'newPassword'],
          properties: { currentPassword: passwordSchema, newPassword: newPasswordSchema },
        },
      },
    },
    async (request) => {
      const { user } = await requireAuth(request);
      return changePassword(ctx, user, request.body);
    },
  );

  app.post<{ Body: { autoDeleteEnabled?: boolean; fileRetentionDays?: number } }>(
    '/api/auth/update-retention',
    {
      preHandler: authenticate,
      schema: {
        body: {
          type: 'object',
          minProperties: 1,
          properties: {
            autoDeleteEnabled: { type: 'boolean' },
            fileRetentionDays: { type: 'integer', enum: [...LIMITS.retentionChoices] },
          },
        },
      },
    },
    async (request) => {
      const { user } = await requireAuth(request);
      return updateRetention(ctx, user, request.body);
    },
  );

  app.post('/api/auth/send-verification', { preHandler: authenticate }, async (request): Promise<MessageResponse> => {
    const { user } = await requireAuth(request);
    if (user.email_verified === 1) return { message: 'Your email is already verified.' };
    const l = ctx.config.authRateLimits;
    ctx.rateLimiter.check([{ key: `verify-mail:user:${user.id}`, limit: l.verificationEmails }], l.windowMs);
    await sendVerificationEmail(ctx, user);
    return { message: `Verification email sent to ${user.email}.` };
  });

  // For the /verify-email page: same answer whether or not the account exists.
  app.post<{ Body: { email: string } }>(
    '/api/auth/resend-verification',
    { schema: { body: { type: 'object', required: ['email'], properties: { email: emailSchema } } } },
    async (request): Promise<MessageResponse> => {
      const l = ctx.config.authRateLimits;
      ctx.rateLimiter.check([{ key: `verify-mail:ip:${request.ip}`, limit: l.verificationEmails * 4 }], l.windowMs);
      const email = normalizeEmail(request.body.email);
      const overLimit = ctx.rateLimiter.hit(`verify-mail:email:${email}`, l.verificationEmails, l.windowMs) > 0;
      const user = await findUserByEmail(ctx, email);
      if (user && user.email_verified !== 1 && !overLimit) await sendVerificationEmail(ctx, user);
      return { message: RESEND_MESSAGE };
    },
  );

  app.get<{ Querystring: { token?: string } }>(
    '/api/auth/verify-email',
    {
      schema: {
        querystring: { type: 'object', properties: { token: { type: 'string' } } },
      },
    },
    async (request): Promise<VerifyEmailResponse> => {
      const token = request.query.token?.trim();
      if (!token) throw new AppError('VALIDATION_FAILED', TEXTS.noVerificationToken, { field: 'token' });
      if (token.length > 200)
        throw new AppError('TOKEN_INVALID', 'This verification link is invalid or has already been used.');
      await verifyEmailToken(ctx, token);
      return { success: true, message: 'Your email has been verified. You can now log in.' };
    },
  );
}
