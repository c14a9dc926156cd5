/**
 * The e-mailed links repository on a real database (SQLite, and PostgreSQL with
 * TEST_DATABASE_URL): a link is used once (of two uses at once, one is made), a retired link
 * cannot be used, and each kind lives in its own table.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TestClock, testDatabases } from '../test/harness';
import { repositoryDatabase } from '../test/repository-db';
import { EmailLinksRepository, LINK_KINDS, type LinkKind, type LinkRow } from './email-links-repository';
import { UsersRepository } from './users-repository';

const HOUR = 3600_000;

for (const dialect of testDatabases) {
  describe(`e-mailed links repository (${dialect})`, () => {
    const t = repositoryDatabase(dialect);
    const clock = new TestClock(Date.UTC(2026, 0, 1));
    const repo = () => new EmailLinksRepository(t.db(), clock);

    async function linkOf(kind: LinkKind): Promise<LinkRow> {
      const user = await new UsersRepository(t.db(), t.dialect(), clock).create({
        email: `${randomUUID()}@example.com`,
        name: 'L',
        passwordHash: 'h',
      });
      const row: LinkRow = {
        id: randomUUID(),
        user_id: user.id,
        token_hash: `hash-${randomUUID()}`,
        created_at: clock.now(),
        expires_at: clock.now() + HOUR,
        used_at: null,
        ...(kind === 'emailChange' ? { new_email: `${randomUUID()}@example.com` } : {}),
      };
      await repo().insert(kind, row);
      return row;
    }

    it('uses a link of each kind once: of two uses at once, one is made', async () => {
      for (const kind of LINK_KINDS) {
        const links = repo();
        const row = await linkOf(kind);
        expect((await links.findByTokenHash(kind, row.token_hash))?.id).toBe(row.id);
        const both = await Promise.all([
          links.markUsed(kind, row.id, clock.now()),
          links.markUsed(kind, row.id, clock.now()),
        ]);
        expect(both.filter(Boolean), kind).toHaveLength(1);
        expect((await links.findByTokenHash(kind, row.token_hash))?.used_at).toBe(clock.now());
        // Another kind's table does not hold it.
        const other = LINK_KINDS.find((k) => k !== kind) as LinkKind;
        expect(await links.findByTokenHash(other, row.token_hash)).toBeUndefined();
      }
    });

    it('retires the unused links of a kind: a retired link cannot be used, and is no longer pending', async () => {
      const links = repo();
      const row = await linkOf('reset');
      expect(await links.hasUnusedSince('reset', row.user_id, clock.now() - 1)).toBe(true);
      expect(await links.retire('reset', row.user_id)).toBe(1);
      expect(await links.retire('reset', row.user_id)).toBe(0);
      expect(await links.markUsed('reset', row.id, clock.now())).toBe(false);
      expect(await links.hasUnusedSince('reset', row.user_id, clock.now() - 1)).toBe(false);
    });

    it('prunes links expired or used long ago, of every kind', async () => {
      const links = repo();
      const rows = await Promise.all(LINK_KINDS.map((kind) => linkOf(kind)));
      clock.advance(3 * HOUR);
      await links.prune(HOUR);
      for (const [i, kind] of LINK_KINDS.entries())
        expect(await links.findByTokenHash(kind, (rows[i] as LinkRow).token_hash)).toBeUndefined();
    });
  });
}
