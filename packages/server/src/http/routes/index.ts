/**
 * Every API area registers itself here: one line per area. A route plugin receives the app
 * (with app.ctx) and defines its routes with full paths (/api/...).
 */
import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './account';
import { authRoutes } from './auth';
import { fileRoutes } from './files';
import { keyRoutes } from './keys';
import { paymentRoutes } from './payments';
import { reviewRoutes } from './review';
import { ruleRoutes } from './rules';
import { subscriptionRoutes } from './subscriptions';

export type RoutePlugin = (app: FastifyInstance) => Promise<void>;

export const routePlugins: RoutePlugin[] = [
  authRoutes,
  accountRoutes,
  paymentRoutes,
  subscriptionRoutes,
  fileRoutes,
  keyRoutes,
  reviewRoutes,
  ruleRoutes,
];
