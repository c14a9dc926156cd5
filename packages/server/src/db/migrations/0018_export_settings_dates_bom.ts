import type { Kysely } from 'kysely';

/** Issue 27: the CSV date format and byte-order mark are remembered per account too, beside its columns. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('export_settings').addColumn('csv_dates', 'text').execute();
  await db.schema.alterTable('export_settings').addColumn('bom', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('export_settings').dropColumn('bom').execute();
  await db.schema.alterTable('export_settings').dropColumn('csv_dates').execute();
}
