/**
 * The developer API's settings: API keys (create, list, revoke), each key's webhook URL and its
 * delivery log. Session only: an API key cannot manage keys. (The dispatcher is a background
 * service: create-services.ts.)
 */
import { ROUTES } from '@statemint/shared';
import type { FastifyInstance } from 'fastify';
import { createApiKey, findOwnedKey, listApiKeys, revokeApiKey, setWebhook } from '../../services/api-keys';
import { listDeliveries } from '../../services/webhooks';
import { requireAuth } from '../auth';
import { route } from '../route';

export async function keyRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  route(app, ROUTES.listApiKeys, async (request) => listApiKeys(ctx, (await requireAuth(request)).user));

  route(app, ROUTES.createApiKey, async (request, reply) =>
    reply.status(201).send(await createApiKey(ctx, (await requireAuth(request)).user, request.body)),
  );

  route(app, ROUTES.revokeApiKey, async (request) =>
    revokeApiKey(ctx, (await requireAuth(request)).user, request.params.id),
  );

  route(app, ROUTES.setWebhook, async (request) =>
    setWebhook(ctx, (await requireAuth(request)).user, request.params.id, request.body.webhookUrl),
  );

  route(app, ROUTES.webhookDeliveries, async (request) => {
    const key = await findOwnedKey(ctx, (await requireAuth(request)).user, request.params.id);
    return listDeliveries(ctx, key.id);
  });
}
