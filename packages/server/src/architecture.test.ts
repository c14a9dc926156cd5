/**
 * The shape the architecture review asked for (issue 29), kept: services hold what they use
 * (createServices makes it, `app.services` hands it to routes), so no module keeps a registry of
 * them keyed by context; and routes call services, never the database.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
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
  it('keeps no module-level WeakMap registry: what a service needs is held by the context or services object', () => {
    const registries = sources().flatMap(([path, text]) =>
      text
        .split('\n')
        .filter((line) => /^(export )?(const|let|var) \w+\s*(:[^=]+)?= new WeakMap\b/.test(line))
        .map((line) => `${path}: ${line.trim()}`),
    );
    expect(registries).toEqual([]);
  });

  it('runs no SQL in the HTTP layer', () => {
    const queries = sources()
      .filter(([path]) => path.startsWith('http/'))
      .filter(([, text]) => /\.(selectFrom|insertInto|updateTable|deleteFrom)\(|\bsql`/.test(text))
      .map(([path]) => path);
    expect(queries).toEqual([]);
  });
});
