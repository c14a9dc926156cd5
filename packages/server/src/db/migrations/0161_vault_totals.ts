import { type Kysely, sql } from 'kysely';

/**
 * Issue 16: the dashboard's stats without reading every file. Per user, the totals of their vault
 * files by stored status, kept by the files repository with each change (files/repository.ts),
 * counted here once from the rows already there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('vault_totals')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('files', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('archived', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('restored', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    insert into vault_totals (user_id, files, bytes, archived, restored)
    select user_id, count(*), coalesce(sum(file_size + outputs_size), 0),
      sum(case when status = 'archived' then 1 else 0 end),
      sum(case when restore_status = 'completed' then 1 else 0 end)
    from files where mode = 'subscription' and user_id is not null group by user_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('vault_totals').execute();
}
