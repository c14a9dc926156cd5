import { ROUTES } from '@statemint/shared';
import { describe, expect, it } from 'vitest';
import { AJV_OPTIONS } from './app';
import { sharedSchemaCompilers } from './schema-compilers';

type Factory = (external: unknown, options: unknown) => (route: Record<string, unknown>) => unknown;
const { buildValidator, buildSerializer } = sharedSchemaCompilers.compilersFactory as unknown as {
  buildValidator: Factory;
  buildSerializer: Factory;
};
const ajv = { customOptions: AJV_OPTIONS };

describe('route schemas compiled once per process', () => {
  it('gives a second app the validator the first one compiled, and checks it the same', () => {
    const spec = ROUTES.login;
    const route = { schema: spec.body, method: spec.method, url: spec.path, httpPart: 'body' };
    const first = buildValidator({}, ajv)(route) as (data: unknown) => boolean;
    const second = buildValidator({}, ajv)(route);
    expect(second).toBe(first);
    expect(first({ email: 'a@example.com', password: 'x'.repeat(12) })).toBe(true);
    expect(first({ email: 'a@example.com' })).toBe(false);
    // Other options are another Ajv: its own function.
    expect(buildValidator({}, { customOptions: { ...AJV_OPTIONS, coerceTypes: false } })(route)).not.toBe(first);
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
});
