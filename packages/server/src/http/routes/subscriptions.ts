/** POST /api/subscriptions/cancel: access continues to the end of the period (SPEC §4). */
import type { CancelSubscriptionResponse } from '@statemint/shared';
import type { FastifyInstance } from 'fastify';
import { cancelSubscription } from '../../services/subscriptions';
import { authenticate, requireAuth } from '../auth';

export async function subscriptionRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/api/subscriptions/cancel',
    { preHandler: authenticate },
    async (request): Promise<CancelSubscriptionResponse> => {
      const { user } = await requireAuth(request);
      return cancelSubscription(app.ctx, user);
    },
  );
}
