/** The OpenAPI document: valid OpenAPI 3.1, generated from the route table, listing every API route. */
import { Validator } from '@seriousme/openapi-schema-validator';
import { ROUTES } from '@statemint/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';

interface OpenApiDoc {
  openapi: string;
  paths: Record<string, Record<string, { operationId?: string; security?: unknown[]; requestBody?: unknown }>>;
  components: { securitySchemes: Record<string, unknown> };
}

const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('OpenAPI document', () => {
  let s: TestServer;
  let doc: OpenApiDoc;
  beforeAll(async () => {
    s = await startTestServer();
    const res = await s.api<OpenApiDoc>('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    doc = res.body;
  });
  afterAll(() => s.close());

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every API route the server answers, and every entry of the route table', () => {
    const listed = new Set<string>();
    for (const [path, ops] of Object.entries(doc.paths))
      for (const method of Object.keys(ops)) listed.add(`${method.toUpperCase()} ${path}`);
    const registered = s.app.apiRoutes.map((r) => `${r.method} ${openApiPath(r.url)}`);
    expect(registered.length).toBeGreaterThan(20);
    expect(registered.filter((r) => !listed.has(r))).toEqual([]);
    const table = Object.values(ROUTES).map((r) => `${r.method} ${openApiPath(r.path)}`);
    expect(table.filter((r) => !listed.has(r))).toEqual([]);
    // Nothing but the API: no static files of the web app, no catch-all.
    expect(Object.keys(doc.paths).every((p) => p.startsWith('/api/') && p !== '/api/*')).toBe(true);
  });

  it('documents authentication, operation ids and multipart uploads', () => {
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['apiKey', 'session']);
    const upload = doc.paths['/api/files/upload']?.post;
    expect(upload?.operationId).toBe('upload');
    expect(upload?.security).toEqual([{ session: [] }, { apiKey: [] }]);
    expect(JSON.stringify(upload?.requestBody)).toContain('multipart/form-data');
    expect(doc.paths['/api/auth/login']?.post?.security).toBeUndefined();
    const ids = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((o) => o.operationId));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
