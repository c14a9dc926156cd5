/**
 * No statement text left behind by a crash (issue 29): a server killed between storing an
 * upload's original and writing its row leaves the original without a row, which no deletion
 * ever reaches. The sweeper removes such objects once they have been without a row for an hour
 * (an upload being stored takes seconds), and nothing of a file that has its row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { originalKey } from '../files/keys';
import { sampleCsvStatement } from '../files/sample-statements';
import { freshIp, upload } from '../files/test-helpers';
import { startTestServer, type TestServer, testDatabases } from '../test/harness';
import { ORPHAN_AFTER_MS, sweepOrphans } from './sweeper';

for (const db of testDatabases) {
  describe(`stored objects without a file row (${db})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ db, config: { trustProxy: 'loopback', conversionWorkers: 1 } });
    });
    afterAll(async () => {
      await s?.close();
    });

    it('are removed after an hour without their row; a file with its row keeps everything', async () => {
      const files = s.app.services.files;
      const kept = await upload(s, '/api/files/upload-free-trial', {
        name: 'kept.csv',
        bytes: sampleCsvStatement(3),
        fields: { email: 'kept@example.com' },
        ip: freshIp(),
      });
      expect(kept.status).toBe(201);
      // What a killed upload leaves: its original, no row.
      const ghost = 'f0000000-0000-4000-8000-00000000dead';
      await files.store.put(originalKey(ghost), 'Date,Description,Amount\n2024-03-01,RENT,-900.00\n');

      const suspects = new Map<string, number>();
      expect(await sweepOrphans(files, suspects)).toBe(0);
      s.clock.advance(ORPHAN_AFTER_MS - 1);
      // Not yet: it may be an upload being stored.
      expect(await sweepOrphans(files, suspects)).toBe(0);
      expect(await files.store.exists(originalKey(ghost))).toBe(true);
      s.clock.advance(1);
      expect(await sweepOrphans(files, suspects)).toBe(1);
      expect(await files.store.exists(originalKey(ghost))).toBe(false);
      expect(await files.store.exists(originalKey(kept.body.id))).toBe(true);
      expect(suspects.size).toBe(0);
    });
  });
}
