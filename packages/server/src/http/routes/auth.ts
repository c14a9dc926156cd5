/** SPEC §7 account routes: register, login, user, logout, verification, retention. */
import { AppError, ROUTES, TEXTS } from '@statemint/shared';
import type { FastifyInstance } from 'fastify';
import { changePassword, limitAttempts, login, register, updateRetention } from '../../services/auth';
import { afterAnswer } from '../../services/email-links';
import { loginWithLink, requestLoginLink } from '../../services/login-link';
import { requestPasswordReset, resetPassword } from '../../services/password-reset';
import { checkLimits } from '../../services/rate-limit';
import { verifySessionToken } from '../../services/sessions';
import { normalizeEmail, toApiUser } from '../../services/users';
import { sendVerificationEmail, verifyEmailToken } from '../../services/verification';
import { bearerToken, requireAuth } from '../auth';
import { route } from '../route';

const RESEND_MESSAGE =
  'If an account with that email exists and is not yet verified, we have sent a new verification link.';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, ROUTES.config, async () => ({
    supportEmail: ctx.config.supportEmail,
    stripePublishableKey: ctx.payments.mode === 'stripe' ? (ctx.config.stripePublishableKey ?? null) : null,
    testMode: ctx.payments.mode === 'test',
  }));

  route(app, ROUTES.register, async (request, reply) => {
    await limitAttempts(ctx, 'register', request.ip, request.body.email);
    return reply.status(201).send(await register(ctx, request.body));
  });

  route(app, ROUTES.login, async (request) => login(ctx, request.body, request.ip));

  route(app, ROUTES.requestLoginLink, async (request) => requestLoginLink(ctx, request.body.email, request.ip));

  route(app, ROUTES.loginWithLink, async (request) => {
    const token = request.body.token?.trim();
    if (!token) throw new AppError('VALIDATION_FAILED', 'No login link token provided', { field: 'token' });
    if (token.length > 200) throw new AppError('TOKEN_INVALID', 'This login link is invalid or has already been used.');
    return loginWithLink(ctx, token, request.ip);
  });

  route(app, ROUTES.user, async (request) => toApiUser((await requireAuth(request)).user));

  // Always succeeds: the client clears its session either way; a live token's session is revoked.
  route(app, ROUTES.logout, async (request) => {
    const token = bearerToken(request);
    if (token) {
      try {
        const session = await verifySessionToken(ctx, token);
        await ctx.repos.users.revokeSession(session.sessionId);
      } catch (e) {
        if (!(e instanceof AppError && e.code === 'UNAUTHORIZED')) throw e;
      }
    }
    return { message: 'Logged out' };
  });

  route(app, ROUTES.changePassword, async (request) => {
    const { user } = await requireAuth(request);
    return changePassword(ctx, user, request.body);
  });

  route(app, ROUTES.updateRetention, async (request) => {
    const { user } = await requireAuth(request);
    return updateRetention(ctx, user, request.body);
  });

  route(app, ROUTES.sendVerification, async (request) => {
    const { user } = await requireAuth(request);
    if (user.email_verified === 1) return { message: 'Your email is already verified.' };
    const l = ctx.config.authRateLimits;
    await checkLimits(ctx.limits, [{ key: `verify-mail:user:${user.id}`, limit: l.verificationEmails }], l.windowMs);
    await sendVerificationEmail(ctx, user);
    return { message: `Verification email sent to ${user.email}.` };
  });

  // For the /verify-email page: same answer whether or not the account exists, in the same time.
  route(app, ROUTES.resendVerification, async (request) => {
    const l = ctx.config.authRateLimits;
    await checkLimits(
      ctx.limits,
      [{ key: `verify-mail:ip:${request.ip}`, limit: l.verificationEmails * 4 }],
      l.windowMs,
    );
    const email = normalizeEmail(request.body.email);
    const overLimit = (await ctx.limits.hit(`verify-mail:email:${email}`, l.verificationEmails, l.windowMs)) > 0;
    if (!overLimit)
      afterAnswer(ctx, 'verification e-mail', async () => {
        const user = await ctx.repos.users.findByEmail(email);
        if (user && user.email_verified !== 1) await sendVerificationEmail(ctx, user);
      });
    return { message: RESEND_MESSAGE };
  });

  route(app, ROUTES.verifyEmail, async (request) => {
    const token = request.query.token?.trim();
    if (!token) throw new AppError('VALIDATION_FAILED', TEXTS.noVerificationToken, { field: 'token' });
    if (token.length > 200)
      throw new AppError('TOKEN_INVALID', 'This verification link is invalid or has already been used.');
    await verifyEmailToken(ctx, token);
    return { success: true as const, message: 'Your email has been verified. You can now log in.' };
  });

  // Same answer whether or not the account exists.
  route(app, ROUTES.forgotPassword, async (request) => requestPasswordReset(ctx, request.body.email, request.ip));

  route(app, ROUTES.resetPassword, async (request) => {
    const token = request.body.token?.trim();
    if (!token) throw new AppError('VALIDATION_FAILED', 'No password reset token provided', { field: 'token' });
    if (token.length > 200)
      throw new AppError('TOKEN_INVALID', 'This password reset link is invalid or has already been used.');
    return resetPassword(ctx, token, request.body.password);
  });
}
