/** SPEC §7 payment routes, the test-mode card step and the Stripe webhook. */
import { AppError, ROUTES } from '@statemint/shared';
import type { FastifyInstance } from 'fastify';
import { TestModeProvider } from '../../payments/test-mode';
import { limitAttempts } from '../../services/auth';
import {
  confirmPayment,
  createPaymentIntent,
  handleInvoicePaid,
  handlePaymentSucceeded,
  paymentCredit,
  refuseTakenSignupBeforeCharge,
  wasRefunded,
} from '../../services/payments';
import { checkLimits } from '../../services/rate-limit';
import { applySubscriptionState, endSubscription } from '../../services/subscriptions';
import { bearerToken, optionalAuth, requireAuth } from '../auth';
import { route } from '../route';

export async function paymentRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, ROUTES.createPaymentIntent, async (request) => {
    // Bounded per IP, and a checkout sign-up counts as a registration: the answer tells
    // whether an e-mail has an account, exactly as registering does.
    const l = ctx.config.authRateLimits;
    await checkLimits(
      ctx.limits,
      [{ key: `payment-intent:ip:${request.ip}`, limit: l.paymentIntentsPerIp }],
      l.windowMs,
    );
    if (request.body.registrationData)
      await limitAttempts(ctx, 'register', request.ip, request.body.registrationData.email);
    // Subscriptions: a sent token must be valid (401 tells the web app to log in again).
    const auth =
      request.body.type !== 'payasyougo' && bearerToken(request)
        ? await requireAuth(request)
        : await optionalAuth(request);
    return createPaymentIntent(ctx, request.body, auth?.user ?? null);
  });

  route(app, ROUTES.paymentCredit, async (request) => {
    // Bounded per IP like starting a payment: the pair of intent id and e-mail is not for guessing.
    const l = ctx.config.authRateLimits;
    await checkLimits(
      ctx.limits,
      [{ key: `payment-credit:ip:${request.ip}`, limit: l.paymentIntentsPerIp }],
      l.windowMs,
    );
    return paymentCredit(ctx, request.body.paymentIntentId, request.body.email);
  });

  route(app, ROUTES.confirmPayment, async (request) => {
    // A stale token must not fail a pay-per-file confirmation; a user's subscription still
    // needs that user's live session (confirmPayment answers 401/403).
    const auth = await optionalAuth(request);
    return confirmPayment(ctx, request.body.paymentIntentId, auth?.user ?? null, request.body.clientSecret);
  });

  const provider = ctx.payments;
  if (provider instanceof TestModeProvider) {
    route(app, ROUTES.testModeConfirmCard, async (request) => {
      const intentId = await provider.intentIdOf(request.body.clientSecret);
      if (intentId) await refuseTakenSignupBeforeCharge(ctx, intentId);
      return provider.confirmCard(request.body);
    });
  }

  // Stripe webhooks: the signature is checked over the raw bytes, so this scope keeps them raw.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    route(scope, ROUTES.stripeWebhook, async (request) => {
      if (!provider.parseWebhook) throw new AppError('NOT_FOUND', 'Not found');
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body))
        throw new AppError('VALIDATION_FAILED', 'Invalid webhook signature', { field: 'stripe-signature' });
      const event = provider.parseWebhook(request.body, signature);
      if (event.kind === 'payment_succeeded' || event.kind === 'invoice_paid') {
        try {
          if (event.kind === 'payment_succeeded') await handlePaymentSucceeded(ctx, event.intentId);
          else await handleInvoicePaid(ctx, event);
        } catch (e) {
          // A sign-up whose e-mail was taken meanwhile, or a second subscription, has been refunded:
          // nothing for Stripe to retry.
          if (!wasRefunded(e)) throw e;
        }
      } else if (event.kind === 'subscription_updated')
        await applySubscriptionState(ctx, event.subscriptionId, event.state, event.status);
      else if (event.kind === 'subscription_deleted') await endSubscription(ctx, event.subscriptionId);
      return { received: true as const };
    });
  });
}
