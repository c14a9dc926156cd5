/** The settings page's account routes: e-mail change, account deletion, past payments (receipts). */
import { ROUTES } from '@statemint/shared';
import type { FastifyInstance } from 'fastify';
import { purgeAccountFiles } from '../../files/service';
import { confirmEmailChange, deleteAccount, requestEmailChange } from '../../services/account';
import { getExportSettings, saveExportSettings } from '../../services/export-settings';
import { listAccountPayments } from '../../services/receipts';
import { requireAuth } from '../auth';
import { route } from '../route';

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, ROUTES.changeEmail, async (request) =>
    requestEmailChange(ctx, (await requireAuth(request)).user, request.body),
  );

  route(app, ROUTES.exportSettings, async (request) => getExportSettings(ctx, (await requireAuth(request)).user.id));
  route(app, ROUTES.saveExportSettings, async (request) =>
    saveExportSettings(ctx, (await requireAuth(request)).user.id, request.body),
  );

  route(app, ROUTES.confirmEmailChange, async (request) => confirmEmailChange(ctx, request.body.token));

  route(app, ROUTES.deleteAccount, async (request) => {
    const { user } = await requireAuth(request);
    const files = app.services.files;
    return deleteAccount(ctx, user, request.body, (userId) => purgeAccountFiles(files, userId));
  });

  route(app, ROUTES.accountPayments, async (request) => listAccountPayments(ctx, (await requireAuth(request)).user.id));
}
