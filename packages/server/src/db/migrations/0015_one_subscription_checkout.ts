import { type Kysely, sql } from 'kysely';

/**
 * Issue 29, N4: one open subscription checkout per account, enforced by the database, so two tabs
 * (or Pro and Business at once) cannot both be charged. Older open checkouts of an account are
 * marked abandoned first (a payment that still reaches one is refunded if another subscription
 * runs by then).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update payments set status = 'abandoned'
    where status = 'pending' and type <> 'payasyougo' and user_id is not null
    and exists (select 1 from payments newer where newer.user_id = payments.user_id
      and newer.status = 'pending' and newer.type <> 'payasyougo' and newer.created_at > payments.created_at)`.execute(
    db,
  );
  await sql`create unique index payments_one_open_checkout on payments (user_id)
    where status = 'pending' and type <> 'payasyougo' and user_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists payments_one_open_checkout`.execute(db);
}
