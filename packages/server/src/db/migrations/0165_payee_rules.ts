import type { Kysely } from 'kysely';

/**
 * Issue 27, rules that learn: an account's payee and category rules (shared/rules.ts), applied to
 * each later conversion of its files. Deleted with the account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payee_rules')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_number', 'text')
    .addColumn('match', 'text', (c) => c.notNull())
    .addColumn('payee', 'text')
    .addColumn('category', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payee_rules_user').on('payee_rules').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payee_rules').execute();
}
