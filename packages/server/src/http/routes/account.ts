/** The settings page's account routes: past payments (receipts). */
import { ROUTES } from '@statemint/shared';
import type { FastifyInstance } from 'fastify';
import { toAccountPayment } from '../../services/receipts';
import { requireAuth } from '../auth';
import { route } from '../route';

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, ROUTES.accountPayments, async (request) => {
    const { user } = await requireAuth(request);
    const rows = await ctx.db
      .selectFrom('payments')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('status', '=', 'succeeded')
      .orderBy('confirmed_at', 'desc')
      .limit(500)
      .execute();
    return rows.map(toAccountPayment);
  });
}
