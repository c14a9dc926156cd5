/** POST /api/subscriptions/cancel: access continues to the end of the period (SPEC §4). */
import { ROUTES } from '@statemint/shared';
import type { FastifyInstance } from 'fastify';
import { cancelSubscription, resumeSubscription } from '../../services/subscriptions';
import { requireAuth } from '../auth';
import { route } from '../route';

export async function subscriptionRoutes(app: FastifyInstance): Promise<void> {
  route(app, ROUTES.cancelSubscription, async (request) => {
    const { user } = await requireAuth(request);
    return cancelSubscription(app.ctx, user);
  });
  route(app, ROUTES.resumeSubscription, async (request) => {
    const { user } = await requireAuth(request);
    return resumeSubscription(app.ctx, user);
  });
}
