/** Rules that learn (issue 27): an account's payee and category rules. */
import { ROUTES } from '@statemint/shared';
import type { FastifyInstance } from 'fastify';
import { createRule, deleteRule, listRules } from '../../services/rules';
import { requireAuth } from '../auth';
import { route } from '../route';

export async function ruleRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  route(app, ROUTES.listRules, async (request) => listRules(ctx, (await requireAuth(request)).user.id));
  route(app, ROUTES.createRule, async (request, reply) =>
    reply.status(201).send(await createRule(ctx, (await requireAuth(request)).user.id, request.body)),
  );
  route(app, ROUTES.deleteRule, async (request) =>
    deleteRule(ctx, (await requireAuth(request)).user.id, request.params.id),
  );
}
