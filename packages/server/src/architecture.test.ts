/**
 * The shape the architecture review asked for (issue 29), kept: services hold what they use
 * (createServices makes it, `app.services` hands it to routes), so no module keeps a registry of
 * them keyed by context; routes call services, never the database; each table is queried from
 * one module, its repository; and the modules import each other without a cycle.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = import.meta.dirname;

/** The server's sources (tests left out), as [path from src, text]. */
function sources(): [string, string][] {
  return readdirSync(SRC, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
    .map((e) => {
      const path = join(e.parentPath, e.name);
      return [relative(SRC, path), readFileSync(path, 'utf8')];
    });
}

describe('server architecture', () => {
  it('keeps no module-level WeakMap or Map registry: what a service needs is held by the context or services object', () => {
    // A compile cache keyed by schemas (not by an app or a database) is no registry: every app
    // built in one process compiles a route's answer schema once.
    const CACHES = ['http/schema-compilers.ts: const serializers = new Map<string, WeakMap<object, Serialize>>();'];
    const registries = sources().flatMap(([path, text]) =>
      text
        .split('\n')
        .filter((line) => /^(export )?(const|let|var) \w+\s*(:[^=]+)?= new (Weak)?Map\b/.test(line))
        .map((line) => `${path}: ${line.trim()}`),
    );
    expect(registries.filter((r) => !CACHES.includes(r))).toEqual([]);
  });

  it("queries each aggregate's tables from its repository alone", () => {
    const HOMES: Record<string, string> = {
      users: 'services/users-repository.ts',
      sessions: 'services/users-repository.ts',
      email_verifications: 'services/email-links-repository.ts',
      password_resets: 'services/email-links-repository.ts',
      email_changes: 'services/email-links-repository.ts',
      login_links: 'services/email-links-repository.ts',
      payments: 'services/payments-repository.ts',
      payment_credits: 'services/payments-repository.ts',
      api_keys: 'services/api-keys-repository.ts',
      api_uploads: 'services/api-keys-repository.ts',
      webhook_deliveries: 'services/api-keys-repository.ts',
      idempotency_keys: 'services/idempotency-keys.ts',
      files: 'files/repository.ts',
      vault_totals: 'files/repository.ts',
      statement_versions: 'files/repository.ts',
      file_capabilities: 'files/repository.ts',
      free_trial_uses: 'files/usage-repository.ts',
      free_trial_locks: 'files/usage-repository.ts',
      usage_events: 'files/usage-repository.ts',
      export_settings: 'services/export-settings.ts',
      payee_rules: 'services/rules.ts',
      test_mode_intents: 'payments/test-mode.ts',
    };
    const strays = sources().flatMap(([path, text]) =>
      [...text.matchAll(/\.(?:selectFrom|insertInto|updateTable|deleteFrom)\(\s*'(\w+)'/g)]
        .map((m) => m[1] as string)
        .filter((table) => HOMES[table] !== path && !path.startsWith('db/migrations/'))
        .map((table) => (table in HOMES ? `${table} in ${path}` : `${table} (no home) in ${path}`)),
    );
    expect([...new Set(strays)]).toEqual([]);
    // The links repository names its four tables through one map (a query's table is a variable
    // there): their names are written in it alone.
    const LINK_TABLES = ['email_verifications', 'password_resets', 'email_changes', 'login_links'];
    const named = sources()
      .filter(([path]) => !path.startsWith('db/') && path !== 'services/email-links-repository.ts')
      .flatMap(([path, text]) => LINK_TABLES.filter((t) => text.includes(`'${t}'`)).map((t) => `${t} in ${path}`));
    expect(named).toEqual([]);
  });

  it('runs SQL text (sql`...`) only in repositories, migrations and the database module', () => {
    const ALLOWED = /^(db\/|files\/repository\.ts$|files\/usage-repository\.ts$|create-services\.ts$)/;
    const raw = sources()
      .filter(([path]) => !ALLOWED.test(path))
      .filter(([, text]) => /\bsql`/.test(text))
      .map(([path]) => path);
    expect(raw).toEqual([]);
  });

  it('makes each repository once, in createServices (or the files context), and hands it to the services', () => {
    const REPOSITORIES = [
      'UsersRepository',
      'PaymentsRepository',
      'ApiKeysRepository',
      'IdempotencyKeysRepository',
      'EmailLinksRepository',
      'UsageRepository',
      'FilesRepository',
    ];
    const MAKERS = ['create-services.ts', 'files/context.ts'];
    const made = sources().flatMap(([path, text]) =>
      REPOSITORIES.flatMap((name) => {
        const count = text.split(`new ${name}(`).length - 1;
        // A repository makes itself again inside a transaction (within).
        const own = text.includes(`export class ${name} `) ? count : 0;
        return count - own > 0 ? [`${name} in ${path}`] : [];
      }),
    );
    expect(made.filter((m) => !MAKERS.some((maker) => m.endsWith(` in ${maker}`))).sort()).toEqual([]);
    expect(made.sort()).toEqual(
      [
        'ApiKeysRepository in create-services.ts',
        'EmailLinksRepository in create-services.ts',
        'FilesRepository in files/context.ts',
        'IdempotencyKeysRepository in create-services.ts',
        'PaymentsRepository in create-services.ts',
        'UsageRepository in create-services.ts',
        'UsersRepository in create-services.ts',
      ].sort(),
    );
  });

  it('imports without a cycle between modules', () => {
    // Imports that stay at run time (`import type` is erased), resolved to the files they name.
    const graph = new Map<string, string[]>();
    for (const [path, text] of sources()) {
      const deps = [...text.matchAll(/^(?:import|export)\s+(type\s+)?[^;]*?\sfrom\s+'(\.[^']+)'/gms)]
        .filter((m) => !m[1])
        .map((m) => resolve(SRC, dirname(path), m[2] as string))
        .map((p) => [`${p}.ts`, join(p, 'index.ts'), p].find((f) => f.endsWith('.ts') && existsSync(f)))
        .filter((f): f is string => f !== undefined)
        .map((f) => relative(SRC, f));
      graph.set(path, deps);
    }
    const cycles: string[] = [];
    const done = new Set<string>();
    const walk = (path: string, stack: string[]) => {
      const at = stack.indexOf(path);
      if (at >= 0) return void cycles.push([...stack.slice(at), path].join(' -> '));
      if (done.has(path)) return;
      for (const dep of graph.get(path) ?? []) walk(dep, [...stack, path]);
      done.add(path);
    };
    for (const path of graph.keys()) walk(path, []);
    expect(cycles).toEqual([]);
  });

  it('runs no SQL in the HTTP layer', () => {
    const queries = sources()
      .filter(([path]) => path.startsWith('http/'))
      .filter(([, text]) => /\.(selectFrom|insertInto|updateTable|deleteFrom)\(|\bsql`/.test(text))
      .map(([path]) => path);
    expect(queries).toEqual([]);
  });
});
