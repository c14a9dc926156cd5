/**
 * The compilers of the route schemas (request validation by Ajv, answers by fast-json-stringify),
 * one set for the whole process, each schema compiled when its route is first used. Fastify's
 * defaults start a new Ajv and compile every route's schemas at start, again for each app it
 * builds: about 0.3 s of CPU at every server start, paid again by every test server (a test file
 * starts up to 18, and uses a few routes of each).
 * - Once per process: the route schemas are the shared route table's objects, the same for every
 *   app, so an app built after the first gets its compiled functions from here (Ajv keeps what it
 *   compiled by schema object; answers' serializers are kept here likewise).
 * - When first used: a route's validator and serializer compile at its first request (a few ms).
 *   A schema that does not compile would fail there, not at start: schema-compilers.test.ts
 *   compiles every schema of the route table.
 * Same compilers, same options: the same functions Fastify would build.
 *
 * Fastify lower-cases a headers schema's names before it compiles it, except with a compiler of
 * one's own; the route table names headers in lower case (as Node gives them), and a headers
 * schema that does not is refused when its route is registered.
 */
import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

/** What Fastify hands a compiler for each schema of a route (its types name only the schema). */
interface RouteSchema {
  schema: unknown;
  method: string;
  url: string;
  httpPart?: string;
}
type Factory<F> = (externalSchemas: unknown, options: unknown) => (route: RouteSchema) => F;
type Serialize = (doc: unknown) => string;

/** Ajv instances by external schemas and options, each keeping what it compiled by schema object. */
const validatorPool = AjvCompiler() as unknown as Factory<unknown>;

const buildValidator: Factory<unknown> = (externalSchemas, options) => {
  const compile = validatorPool(externalSchemas, options);
  return (route) => {
    if (route.httpPart === 'headers') assertLowerCaseHeaders(route.schema, `${route.method} ${route.url}`);
    return lazyValidator(() => compile(route) as Validate);
  };
};

const serializerSelector = SerializerSelector() as unknown as Factory<Serialize>;
/** Serializers by external schemas and options, then by the answer's schema object. */
const serializers = new Map<string, WeakMap<object, Serialize>>();

const buildSerializer: Factory<Serialize> = (externalSchemas, options) => {
  const compile = serializerSelector(externalSchemas, options);
  const key = JSON.stringify([externalSchemas ?? null, options ?? null]);
  const cache = serializers.get(key) ?? new WeakMap<object, Serialize>();
  serializers.set(key, cache);
  return (route) => {
    const schema = route.schema as object;
    const kept = cache.get(schema);
    if (kept) return kept;
    let compiled: Serialize | undefined;
    const serialize: Serialize = (doc) => {
      compiled ??= compile(route);
      return compiled(doc);
    };
    cache.set(schema, serialize);
    return serialize;
  };
};

/** An Ajv validator as Fastify calls it (validation.js validateParam). */
interface Validate {
  (data: unknown, context?: unknown): unknown;
  errors?: unknown;
  /** Ajv's; Fastify reads it before the call to pass the parent, so that a root value can be coerced. */
  schemaEnv?: unknown;
}

/** A validator that compiles at its first use and is then Ajv's own. */
function lazyValidator(compile: () => Validate): Validate {
  let compiled: Validate | undefined;
  const get = () => {
    compiled ??= compile();
    return compiled;
  };
  const validate = ((data: unknown, context?: unknown) => get()(data, context)) as Validate;
  Object.defineProperty(validate, 'schemaEnv', { get: () => get().schemaEnv });
  Object.defineProperty(validate, 'errors', { get: () => compiled?.errors ?? null });
  return validate;
}

/** Fastify's `schemaController` option that builds every app's schemas with the process's compilers. */
export const sharedSchemaCompilers = {
  compilersFactory: { buildValidator, buildSerializer },
} as unknown as NonNullable<FastifyServerOptions['schemaController']>;

function assertLowerCaseHeaders(schema: unknown, where: string): void {
  const s = schema as { properties?: Record<string, unknown>; required?: string[] } | null;
  const names = [...Object.keys(s?.properties ?? {}), ...(s?.required ?? [])];
  const upper = names.find((n) => n !== n.toLowerCase());
  if (upper) throw new Error(`${where}: header '${upper}' must be named in lower case in its schema`);
}
