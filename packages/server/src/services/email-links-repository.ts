/**
 * The e-mailed links repository (issue 29, one repository per aggregate; part of the account's,
 * beside users-repository.ts): the only module that queries the four tables of single-use links,
 * e-mail verification (email_verifications), password reset (password_resets), e-mail change
 * (email_changes) and login (login_links). createServices makes one (`ctx.repos.links`);
 * email-links.ts makes the tokens and keeps the rules. Only a token's sha256 is stored. Using a
 * link is a compare-and-set of used_at, so of two clicks at once one uses it.
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../context';
import type { Database } from '../db/schema';

const TABLES = {
  verification: 'email_verifications',
  reset: 'password_resets',
  emailChange: 'email_changes',
  login: 'login_links',
} as const;

export type LinkKind = keyof typeof TABLES;

export const LINK_KINDS = Object.keys(TABLES) as LinkKind[];

/** The columns every link table has (email_changes adds new_email). */
export interface LinkRow {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  new_email?: string;
}

export class EmailLinksRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /** The four tables seen as one shape: the queries below are the same for each. */
  private links(kind: LinkKind) {
    return { db: this.db as unknown as Kysely<{ links: LinkRow }>, table: TABLES[kind] as unknown as 'links' };
  }

  async insert(kind: LinkKind, row: LinkRow): Promise<void> {
    const { db, table } = this.links(kind);
    await db.insertInto(table).values(row).execute();
  }

  /** Retires every unused link of `kind` of the user; how many it retired. */
  async retire(kind: LinkKind, userId: string): Promise<number> {
    const { db, table } = this.links(kind);
    const retired = await db
      .updateTable(table)
      .set({ used_at: this.clock.now() })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(retired.numUpdatedRows);
  }

  /** Whether the user has an unused link of `kind` issued after `since`. */
  async hasUnusedSince(kind: LinkKind, userId: string, since: number): Promise<boolean> {
    const { db, table } = this.links(kind);
    const row = await db
      .selectFrom(table)
      .select('id')
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .where('created_at', '>', since)
      .executeTakeFirst();
    return row !== undefined;
  }

  findByTokenHash(kind: LinkKind, tokenHash: string): Promise<LinkRow | undefined> {
    const { db, table } = this.links(kind);
    return db.selectFrom(table).selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  /** Unused -> used at `now`: whether this call used it (false when another request did first). */
  async markUsed(kind: LinkKind, id: string, now: number): Promise<boolean> {
    const { db, table } = this.links(kind);
    const taken = await db
      .updateTable(table)
      .set({ used_at: now })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1;
  }

  /** Housekeeping: links expired or used more than `keepMs` ago, of every kind. */
  async prune(keepMs: number): Promise<void> {
    const cutoff = this.clock.now() - keepMs;
    for (const kind of LINK_KINDS) {
      const { db, table } = this.links(kind);
      await db
        .deleteFrom(table)
        .where((eb) => eb.or([eb('expires_at', '<', cutoff), eb('used_at', '<', cutoff)]))
        .execute();
    }
  }
}
