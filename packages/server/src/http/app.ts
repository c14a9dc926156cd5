/**
 * Builds the Fastify app: creates the services (database, mailer, payments, clock) as
 * `app.ctx`, registers every route plugin of routes/index.ts under /api, and serves the
 * built web app for everything else.
 */
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { type ApiErrorBody, AppError, type ErrorCode, isAppError, isWebRoute, ROUTES } from '@statemint/shared';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions, LogController } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config/config';
import type { AppContext, Clock } from '../context';
import { createServices, type ProcessRole, type Services } from '../create-services';
import type { Mailer } from '../mail/mailer';
import type { StripeApiEndpoint } from '../payments/stripe';
import { RateLimitedError } from '../services/rate-limit';
import { registerOpenApi } from './openapi';
import { REFUSED_CONNECTION_MESSAGE, refusedConnection } from './refused-body';
import { route } from './route';
import { routePlugins } from './routes';
import { sharedSchemaCompilers } from './schema-compilers';
import { validationBody } from './validation';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** What createServices made: the files area (`app.services.files`), the webhook dispatcher. */
    services: Services;
  }
}

/**
 * Schema-checked input: "30" is coerced to 30; fields a schema forbids (additionalProperties: false)
 * are dropped. allowUnionTypes: `type: ['number', 'null']`, shared's Nullable, which keeps a null
 * null (nullable.test.ts checks every request schema of the route table with these options).
 */
export const AJV_OPTIONS = {
  removeAdditional: true,
  coerceTypes: true,
  allErrors: false,
  allowUnionTypes: true,
} as const;

export interface BuildOptions {
  /**
   * What this process does (create-services.ts ProcessRole): a `worker` answers only health,
   * readiness and metrics; `serve` and `all` the whole API and the web app.
   */
  role?: ProcessRole;
  /** On close, how long running conversions may take to finish before they are returned to the queue. */
  shutdownGraceMs?: number;
  /** Services made beforehand (createServices); by default buildApp makes its own. They close with the app. */
  services?: Services;
  /** Tests move time with their own clock. */
  clock?: Clock;
  /** PostgreSQL only: run in this schema (created if missing). Tests isolate with it. */
  pgSchema?: string;
  /** Replaces the configured mailer (tests). */
  mailer?: Mailer;
  /** Stripe API endpoint other than api.stripe.com (tests). */
  stripeApi?: StripeApiEndpoint;
  /** Where log lines go (default stdout); tests read them to prove nothing secret is logged. */
  logStream?: NodeJS.WritableStream;
  /** Start one conversion thread now, so the first conversion does not wait for it (the server process). */
  warmThread?: boolean;
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Paths are logged without their query string: it can carry tokens (verify-email?token=). */
function pathOnly(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : `${url.slice(0, q)}?…`;
}

const loggerOptions = (level: string, stream: NodeJS.WritableStream | undefined): FastifyServerOptions['logger'] =>
  level === 'silent'
    ? false
    : {
        level,
        ...(stream ? { stream } : {}),
        // Never log bodies, headers (Authorization), tokens or passwords: method, path and IP only.
        serializers: {
          req: (req: { method: string; url: string; ip?: string }) => ({
            method: req.method,
            url: pathOnly(req.url),
            remoteAddress: req.ip,
          }),
        },
        redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
      };

function fastifyErrorCode(status: number): ErrorCode {
  if (status === 404) return 'NOT_FOUND';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  // 413 here is a JSON body over the limit: not a file (uploads answer FILE_TOO_LARGE themselves).
  return 'VALIDATION_FAILED';
}

const BODY_TOO_LARGE_MESSAGE = 'The request body is too large.';
const BAD_REQUEST_BODY = JSON.stringify({
  message: 'The request could not be understood.',
  code: 'VALIDATION_FAILED',
} satisfies ApiErrorBody);
const REQUEST_TIMEOUT_BODY = JSON.stringify({
  message: 'The request took too long to arrive. Please check your connection and try again.',
  code: 'UPLOAD_TIMEOUT',
} satisfies ApiErrorBody);

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    // Per-request lines at info halve throughput: requests are logged at debug (onResponse below).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    // Every log line of a request carries its id (reqId): a proxy's X-Request-Id when it is a plain
    // token, else a fresh one; the answer names it too.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[A-Za-z0-9._-]{1,64}$/.test(given) ? given : randomUUID();
    },
    // Requests the router cannot even take (a bad percent-encoding) answer like every other error.
    frameworkErrors: (error, _request, reply) => {
      const badUrl = (error as { code?: string }).code === 'FST_ERR_BAD_URL';
      (reply as FastifyReply)
        .status(400)
        .header('Cache-Control', 'no-store')
        .send({
          message: badUrl ? 'The address of this request is not valid.' : 'The request could not be understood.',
          code: 'VALIDATION_FAILED',
        } satisfies ApiErrorBody);
    },
    // A client that sends its headers or its whole request too slowly is cut by Node (issue 29, N1;
    // uploads are also watched for stalls by files/admission.ts): Fastify's default is no limit.
    requestTimeout: config.receiveLimits.deadlineMs + config.receiveLimits.headersTimeoutMs,
    http: {
      headersTimeout: config.receiveLimits.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, config.receiveLimits.headersTimeoutMs / 2),
    },
    // What Node's HTTP parser refuses (an unknown method, a broken request line) or cuts (a request
    // too slow to arrive): the same body shape.
    clientErrorHandler: (error, socket) => {
      const answering = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
      if (!socket.writable || answering) return socket.destroy();
      const timedOut = (error as { code?: string }).code === 'ERR_HTTP_REQUEST_TIMEOUT';
      const [status, body] = timedOut
        ? ['408 Request Timeout', REQUEST_TIMEOUT_BODY]
        : ['400 Bad Request', BAD_REQUEST_BODY];
      socket.end(
        `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
      );
    },
    ajv: { customOptions: AJV_OPTIONS },
    // Schemas compiled once per process, not once per app (schema-compilers.ts).
    schemaController: sharedSchemaCompilers,
  });

  const role = options.role ?? options.services?.role ?? 'all';
  const services =
    options.services ??
    (await createServices(config, {
      log: app.log,
      role,
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.pgSchema ? { pgSchema: options.pgSchema } : {}),
      ...(options.mailer ? { mailer: options.mailer } : {}),
      ...(options.stripeApi ? { stripeApi: options.stripeApi } : {}),
      ...(options.warmThread ? { warmThread: true } : {}),
    }));
  app.addHook('onClose', async () => services.close(options.shutdownGraceMs ?? 0));
  const ctx = services.ctx;
  app.decorate('ctx', ctx);
  app.decorate('services', services);
  app.decorateRequest('auth', null);

  const stripe = ctx.payments.mode === 'stripe';
  // Security headers: helmet's middleware made once. (@fastify/helmet made a new one, parsing the
  // policy again, for every request: a tenth of /api/health's CPU.)
  const securityHeaders = helmet({
    // The built web app: its own /assets scripts and styles, inline style attributes (Radix,
    // Tailwind), data: images; Stripe.js and its frames only when Stripe is configured.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", ...(stripe ? ['https://js.stripe.com', 'https://*.js.stripe.com'] : [])],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(stripe ? ['https://*.stripe.com'] : [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(stripe ? ['https://api.stripe.com'] : [])],
        frameSrc: stripe
          ? ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com']
          : ["'none'"],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, next) => {
    // A request sent after a refused upload's body, on its connection: dropped (http/refused-body.ts).
    if (refusedConnection(request.raw.socket)) {
      request.raw.socket.destroy();
      return next(new AppError('RATE_LIMITED', REFUSED_CONNECTION_MESSAGE));
    }
    securityHeaders(request.raw, reply.raw, (err) => next(err as Error | undefined));
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof RateLimitedError) reply.header('Retry-After', String(error.retryAfterSeconds));
    if (isAppError(error)) {
      const body: ApiErrorBody = { message: error.message, code: error.code };
      if (error.field) body.field = error.field;
      return reply.status(error.status).send(body);
    }
    const fe = error as {
      validation?: unknown;
      validationContext?: string;
      statusCode?: number;
      message: string;
    };
    if (Array.isArray(fe.validation)) {
      return reply.status(400).send(validationBody(fe.validation, fe.validationContext));
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      const message =
        fe.statusCode === 413
          ? BODY_TOO_LARGE_MESSAGE
          : fe.statusCode === 400 && /JSON/i.test(fe.message)
            ? 'Request body is not valid JSON'
            : fe.message;
      return reply
        .status(fe.statusCode)
        .send({ message, code: fastifyErrorCode(fe.statusCode) } satisfies ApiErrorBody);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong. Please try again.', code: 'INTERNAL_ERROR' });
  });

  // Whatever an API answer holds (a session, a file record, signed links) is never kept by a cache.
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
  });
  if (['debug', 'trace'].includes(config.logLevel))
    app.addHook('onResponse', async (request, reply) => {
      request.log.debug(
        { req: request, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
        'request completed',
      );
    });

  // Prometheus: every answer's latency by route pattern (bounded labels), and the scrape itself.
  const metrics = services.files.metrics;
  app.addHook('onResponse', async (request, reply) => {
    metrics.httpSeconds.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  app.get('/metrics', async (request, reply) => {
    const token = config.metricsToken;
    if (token && !safeEqual(request.headers.authorization ?? '', `Bearer ${token}`))
      throw new AppError('UNAUTHORIZED', 'A metrics token is required.');
    return reply
      .header('Content-Type', metrics.registry.contentType)
      .header('Cache-Control', 'no-store')
      .send(await metrics.registry.metrics());
  });

  // OpenAPI collects the routes registered after it.
  if (role !== 'worker') await registerOpenApi(app);
  route(app, ROUTES.health, async () => ({ status: 'ok' as const }));
  route(app, ROUTES.ready, async (_request, reply) => {
    const { ready, checks } = await services.readiness();
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', checks });
  });
  if (role === 'worker') {
    // A conversion worker's HTTP is for operations only.
    await services.start();
    app.all('/*', async () => {
      throw new AppError('NOT_FOUND', 'Not found');
    });
    return app;
  }

  for (const plugin of routePlugins) await app.register(plugin);
  // Background work starts once every route plugin has had its say (listeners, workers).
  await app.after();
  await services.start();

  app.all('/api/*', async () => {
    throw new AppError('NOT_FOUND', 'Not found');
  });

  const indexFile = join(config.webDist, 'index.html');
  if (existsSync(indexFile)) {
    const indexHtml = readFileSync(indexFile, 'utf8');
    // The build writes .br and .gz beside each asset (scripts/precompress.mjs): sent as they are.
    const indexBr = existsSync(`${indexFile}.br`) ? readFileSync(`${indexFile}.br`) : null;
    const indexGz = existsSync(`${indexFile}.gz`) ? readFileSync(`${indexFile}.gz`) : null;
    await app.register(fastifyStatic, { root: config.webDist, wildcard: false, index: false, preCompressed: true });
    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return reply.status(404).send({ message: 'Not found', code: 'NOT_FOUND' });
      }
      // Unknown paths still get the app (it renders 'Page Not Found'), with a 404 status.
      reply
        .status(isWebRoute(pathname) ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('Vary', 'Accept-Encoding');
      const accepts = String(request.headers['accept-encoding'] ?? '');
      if (indexBr && /\bbr\b/.test(accepts)) return reply.header('Content-Encoding', 'br').send(indexBr);
      if (indexGz && /\bgzip\b/.test(accepts)) return reply.header('Content-Encoding', 'gzip').send(indexGz);
      return reply.send(indexHtml);
    });
  } else {
    app.log.warn(`web app not built (${indexFile} missing): run npm run build`);
  }
  return app;
}
