/** Builds the Fastify app: API routes under /api, the built web app for everything else. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { type ApiErrorBody, AppError, isAppError, isWebRoute } from '@statemint/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '../config/config';

export async function buildApp(config: Config): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: true,
  });

  app.setErrorHandler((error, request, reply) => {
    if (isAppError(error)) {
      const body: ApiErrorBody = { message: error.message, code: error.code };
      if (error.field) body.field = error.field;
      return reply.status(error.status).send(body);
    }
    const fe = error as { validation?: unknown; statusCode?: number; message: string };
    if (fe.validation) {
      return reply.status(400).send({ message: fe.message, code: 'VALIDATION_FAILED' } satisfies ApiErrorBody);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong. Please try again.', code: 'INTERNAL_ERROR' });
  });

  app.get('/api/health', async () => ({ status: 'ok' }));

  app.all('/api/*', async () => {
    throw new AppError('NOT_FOUND', 'Not found');
  });

  const indexFile = join(config.webDist, 'index.html');
  if (existsSync(indexFile)) {
    const indexHtml = readFileSync(indexFile, 'utf8');
    await app.register(fastifyStatic, { root: config.webDist, wildcard: false, index: false });
    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return reply.status(404).send({ message: 'Not found', code: 'NOT_FOUND' });
      }
      // Unknown paths still get the app (it renders 'Page Not Found'), with a 404 status.
      return reply
        .status(isWebRoute(pathname) ? 200 : 404)
        .type('text/html; charset=utf-8')
        .send(indexHtml);
    });
  } else {
    app.log.warn(`web app not built (${indexFile} missing): run npm run build`);
  }
  return app;
}
