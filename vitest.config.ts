import { relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, longest first (wall seconds of a full run on this 2-core machine
 * under a load of ~16, 2026-11-28, issue 28). With two workers, a long file that starts late runs
 * alone at the end: on a clean checkout vitest orders files by size, and chaos.test.ts, a small
 * file, started last and ran alone for the last 5 of 43 minutes. Once vitest has the durations of
 * a run (node_modules/.vite) it orders every file by them, longest first, and this list is not used.
 */
const SLOWEST = [
  'packages/server/src/files/chaos.test.ts', // 198 s: the real server killed three times mid-conversion, in two setups
  'e2e/review.test.ts', // 186
  'packages/server/src/vault/vault.test.ts', // 102
  'packages/server/src/review/review.test.ts', // 98
  'packages/server/src/files/admission.test.ts', // 97
  'packages/server/src/http/routes/keys.test.ts', // 89
  'packages/server/src/queue/roles.test.ts', // 81: serve and worker processes on Redis
  'packages/server/src/files/restart.test.ts', // 80
  'e2e/review-fixes.test.ts', // 69
  'packages/server/src/files/failures-free.test.ts', // 69
  'packages/server/src/review/save-limits.test.ts', // 55
  'packages/server/src/queue/worker-pool.test.ts', // 54
  'packages/server/src/services/rules.test.ts', // 54
  'e2e/vault.test.ts', // 52
];

class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const name = (f: TestSpecification) => relative(root, f.moduleId);
    if (files.every((f) => this.ctx.cache.getFileTestResults(`${f.project.name}:${name(f)}`))) return sorted;
    const rank = (f: TestSpecification) => {
      const i = SLOWEST.indexOf(name(f));
      return i < 0 ? SLOWEST.length : i;
    };
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores: API tests and browser journeys each start servers; keep file-level parallelism modest.
    maxWorkers: 2,
    sequence: { sequencer: SlowestFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/{engine,shared,web}/src/**/*.test.{ts,tsx}'],
          // Each worker keeps one module graph for the files it runs: importing the engine (its
          // vocabulary expressions, PDF.js) afresh for every file cost as much CPU as the tests of
          // many files (27 small engine files: 21 -> 10 CPU-s). Tests that change process state
          // restore it; each file's own module still runs afresh.
          isolate: false,
        },
      },
      // API tests and browser journeys: a process of their own for each file. Servers, Redis
      // clients and child processes a file leaves behind must not reach the next file's
      // measurements (cpu-time.test.ts counts the CPU of the processes its thread has reaped).
      {
        extends: true,
        test: { name: 'api', include: ['packages/server/src/**/*.test.ts', 'e2e/**/*.test.ts'] },
      },
    ],
  },
});
