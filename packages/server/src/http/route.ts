/**
 * Registers a handler for an entry of the shared route table (ROUTES in @statemint/shared):
 * method, path, request and answer schemas, OpenAPI description and authentication all come
 * from the entry, so the server, the web app's client and /api/openapi.json cannot disagree.
 *
 *   route(app, ROUTES.login, async (request) => login(app.ctx, request.body));
 */
import type { RouteBody, RouteParams, RouteQuery, RouteResponse, RouteSpec } from '@statemint/shared';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  preHandlerHookHandler,
  RouteShorthandOptions,
} from 'fastify';
import { authenticate, authenticateOptional } from './auth';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route table entry this route was registered from. */
    spec?: RouteSpec;
  }
}

export type RouteRequest<R extends RouteSpec> = FastifyRequest<{
  Body: RouteBody<R>;
  Params: RouteParams<R>;
  Querystring: RouteQuery<R>;
}>;

export type RouteHandler<R extends RouteSpec> = (
  request: RouteRequest<R>,
  reply: FastifyReply,
) => Promise<RouteResponse<R> | FastifyReply>;

/** OpenAPI security of a route: a session token, and for `apiKey` routes an API key too. */
export function routeSecurity(spec: RouteSpec): Array<Record<string, string[]>> | undefined {
  if (spec.auth === 'none') return undefined;
  const schemes: Array<Record<string, string[]>> = [{ session: [] }];
  if (spec.apiKey) schemes.push({ apiKey: [] });
  if (spec.auth === 'optional') schemes.unshift({});
  return schemes;
}

export function routeSchema(spec: RouteSpec): FastifySchema {
  const security = routeSecurity(spec);
  return {
    operationId: spec.id,
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    tags: [spec.tag],
    ...(spec.params ? { params: spec.params } : {}),
    ...(spec.querystring ? { querystring: spec.querystring } : {}),
    ...(spec.body ? { body: spec.body } : {}),
    ...(spec.headers ? { headers: spec.headers } : {}),
    ...(spec.produces ? { produces: [spec.produces] } : {}),
    ...(security ? { security } : {}),
    ...(spec.hidden ? { hide: true } : {}),
    response: spec.response,
  } as FastifySchema;
}

export interface ExtraRouteOptions {
  /** Runs after authentication. */
  preHandler?: preHandlerHookHandler;
  bodyLimit?: number;
}

export function route<R extends RouteSpec>(
  app: FastifyInstance,
  spec: R,
  handler: RouteHandler<R>,
  extra: ExtraRouteOptions = {},
): void {
  const preHandler: preHandlerHookHandler[] = [];
  if (spec.auth === 'required') preHandler.push(authenticate);
  else if (spec.auth === 'optional') preHandler.push(authenticateOptional);
  if (extra.preHandler) preHandler.push(extra.preHandler);
  const options: RouteShorthandOptions = {
    schema: routeSchema(spec),
    config: { spec },
    ...(preHandler.length ? { preHandler } : {}),
    ...(extra.bodyLimit ? { bodyLimit: extra.bodyLimit } : {}),
  };
  app.route({
    ...options,
    method: spec.method,
    url: spec.path,
    handler: handler as unknown as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
