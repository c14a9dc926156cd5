import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import { ROUTES, type RouteSpec } from '@statemint/shared';
import { describe, expect, it } from 'vitest';
import { AJV_OPTIONS } from './app';
import { sharedSchemaCompilers } from './schema-compilers';

type Compile = (route: Record<string, unknown>) => unknown;
type Factory = (external: unknown, options: unknown) => Compile;
interface Validate {
  (data: unknown, context?: unknown): unknown;
  errors?: unknown;
  schemaEnv?: unknown;
}
const { buildValidator, buildSerializer } = sharedSchemaCompilers.compilersFactory as unknown as {
  buildValidator: Factory;
  buildSerializer: Factory;
};
const ajv = { customOptions: AJV_OPTIONS };
const REQUEST_PARTS = ['params', 'querystring', 'body', 'headers'] as const;

describe('route schemas compiled once per process, at first use', () => {
  it('gives a second app the validator the first one compiled, and checks it the same', () => {
    const spec = ROUTES.login;
    const route = { schema: spec.body, method: spec.method, url: spec.path, httpPart: 'body' };
    const first = buildValidator({}, ajv)(route) as Validate;
    const second = buildValidator({}, ajv)(route) as Validate;
    expect(first({ email: 'a@example.com', password: 'x'.repeat(12) })).toBe(true);
    expect(first({ email: 'a@example.com' })).toBe(false);
    expect(first.errors).toMatchObject([{ keyword: 'required', params: { missingProperty: 'password' } }]);
    // One Ajv compiled it once: the same schema environment.
    expect(second.schemaEnv).toBeDefined();
    expect(second.schemaEnv).toBe(first.schemaEnv);
    // Other options are another Ajv: its own.
    const strict = buildValidator({}, { customOptions: { ...AJV_OPTIONS, coerceTypes: false } })(route) as Validate;
    expect(strict.schemaEnv).not.toBe(first.schemaEnv);
  });

  it('compiles a schema at its first use, and then validates as Ajv does (coercion, removed fields)', () => {
    const compile = buildValidator({}, ajv);
    const broken = compile({
      schema: { type: 'object', properties: { n: { type: 'no-such-type' } } },
      method: 'GET',
      url: '/broken',
      httpPart: 'querystring',
    }) as Validate;
    expect(() => broken({ n: 1 })).toThrow();
    const query = compile({
      schema: { type: 'object', properties: { n: { type: 'number' } }, additionalProperties: false },
      method: 'GET',
      url: '/query',
      httpPart: 'querystring',
    }) as Validate;
    const data: Record<string, unknown> = { n: '30', extra: 'x' };
    expect(query(data)).toBe(true);
    expect(data).toEqual({ n: 30 });
    expect(query({ n: 'thirty' })).toBe(false);
    expect(query.errors).toMatchObject([{ keyword: 'type', instancePath: '/n' }]);
  });

  it('gives a second app the serializer the first one compiled', () => {
    const schema = ROUTES.login.response[200];
    const route = { schema, method: 'POST', url: '/x', httpStatus: '200' };
    const first = buildSerializer({}, undefined)(route) as (doc: unknown) => string;
    expect(buildSerializer({}, undefined)(route)).toBe(first);
    expect(buildSerializer({}, { rounding: 'ceil' })(route)).not.toBe(first);
  });

  it('refuses a headers schema whose names are not in lower case (Fastify lower-cases only for its own compiler)', () => {
    const compile = buildValidator({}, ajv);
    const route = (name: string) => ({
      schema: { type: 'object', properties: { [name]: { type: 'string' } } },
      method: 'GET',
      url: '/x',
      httpPart: 'headers',
    });
    expect(() => compile(route('Idempotency-Key'))).toThrow(/lower case/);
    expect(() => compile(route('idempotency-key'))).not.toThrow();
  });

  it('compiles every request and answer schema of the route table (the server compiles each at first use)', () => {
    const validators = buildValidator({}, ajv);
    const serializers = (SerializerSelector as unknown as () => Factory)()({}, undefined);
    let compiled = 0;
    for (const spec of Object.values(ROUTES as Record<string, RouteSpec>)) {
      for (const part of REQUEST_PARTS) {
        if (!spec[part]) continue;
        const validate = validators({ schema: spec[part], method: spec.method, url: spec.path, httpPart: part });
        expect((validate as Validate).schemaEnv, `${spec.id} ${part}`).toBeDefined();
        compiled++;
      }
      for (const [status, schema] of Object.entries(spec.response ?? {})) {
        expect(typeof serializers({ schema, method: spec.method, url: spec.path, httpStatus: status })).toBe(
          'function',
        );
        compiled++;
      }
    }
    expect(compiled).toBeGreaterThan(100);
  });
});
