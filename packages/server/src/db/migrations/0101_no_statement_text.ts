import { type Kysely, sql } from 'kysely';

/**
 * Issue 15, finding 2: the database keeps no statement content. Previews move out (they are read
 * from the sealed statements, files/statements.ts) and the balance check keeps its status and
 * how many rows do not add up, not the amounts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ id: string; reconciliation: string | null }>`
    select id, reconciliation from files where preview is not null or reconciliation is not null`.execute(db);
  for (const row of rows) {
    let reconciliation: string | null = null;
    if (row.reconciliation) {
      const parsed = JSON.parse(row.reconciliation) as {
        status: string;
        mismatchCount?: number;
        mismatches?: unknown[];
      };
      reconciliation = JSON.stringify({
        status: parsed.status,
        mismatchCount: parsed.mismatchCount ?? parsed.mismatches?.length ?? 0,
      });
    }
    await sql`update files set preview = null, reconciliation = ${reconciliation} where id = ${row.id}`.execute(db);
  }
}

export async function down(): Promise<void> {}
