/**
 * Every request value the route table allows to be null stays null through the server's validator
 * (coerceTypes would turn it into 0, "" or false inside an anyOf): each such schema, taken from
 * ROUTES, validated by Fastify with the server's own ajv options.
 */
import { ROUTES, type RouteSpec } from '@statemint/shared';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AJV_OPTIONS } from './app';

type Schema = Record<string, unknown>;

const admitsNull = (s: Schema) =>
  (Array.isArray(s.type) && s.type.includes('null')) ||
  (Array.isArray(s.anyOf) && (s.anyOf as Schema[]).some((b) => b.type === 'null'));

/** Subschemas of `schema` (at their JSON paths) that admit null. */
function nullables(schema: unknown, path: string, out: Array<{ path: string; schema: Schema }>) {
  if (!schema || typeof schema !== 'object') return out;
  const s = schema as Schema;
  if (admitsNull(s)) out.push({ path, schema: s });
  for (const [name, sub] of Object.entries((s.properties as Record<string, unknown>) ?? {}))
    nullables(sub, `${path}.${name}`, out);
  if (s.items) nullables(s.items, `${path}[]`, out);
  for (const branch of [...((s.anyOf as unknown[]) ?? []), ...((s.oneOf as unknown[]) ?? [])])
    nullables(branch, path, out);
  return out;
}

describe('request values that may be null', () => {
  const found = Object.entries(ROUTES as Record<string, RouteSpec>).flatMap(([name, spec]) =>
    (['body', 'querystring'] as const).flatMap((part) => nullables(spec[part], `${name}.${part}`, [])),
  );

  it('are found in the route table (the webhook URL, the saved statements)', () => {
    const paths = found.map((f) => f.path);
    expect(paths).toContain('setWebhook.body.webhookUrl');
    expect(paths).toContain('saveStatements.body.statements[].transactions[].balance');
    expect(paths).toContain('saveStatements.body.statements[].statement.bankName');
  });

  it('keep a null as null through the server validator', async () => {
    const app = Fastify({ ajv: { customOptions: AJV_OPTIONS } });
    found.forEach((f, i) => {
      app.post(
        `/${i}`,
        { schema: { body: { type: 'object', properties: { v: f.schema }, required: ['v'] } } },
        async (request) => request.body,
      );
    });
    const kept: Record<string, unknown> = {};
    for (const [i, f] of found.entries()) {
      const res = await app.inject({ method: 'POST', url: `/${i}`, payload: { v: null } });
      kept[f.path] = res.statusCode === 200 ? (res.json() as { v: unknown }).v : `HTTP ${res.statusCode}`;
    }
    await app.close();
    expect(kept).toEqual(Object.fromEntries(found.map((f) => [f.path, null])));
  });
});
