/**
 * Export options remembered per account (issue 27): the CSV columns an account chose, in their
 * order, its CSV date format and byte-order mark. Saved from the result's download options; the
 * account's CSV downloads that do not say otherwise use them (downloads/service.ts), so the web app,
 * the API and every device agree.
 */
import {
  AppError,
  CSV_COLUMNS,
  CSV_DATE_FORMATS,
  type CsvColumn,
  type ExportSettings,
  parseCsvColumns,
} from '@statemint/shared';
import type { AppContext } from '../context';

export async function getExportSettings(ctx: Pick<AppContext, 'db'>, userId: string): Promise<ExportSettings> {
  const row = await ctx.db
    .selectFrom('export_settings')
    .select(['csv_columns', 'csv_dates', 'bom'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  let columns: CsvColumn[] | null = null;
  if (row?.csv_columns) {
    const parsed: unknown = JSON.parse(row.csv_columns);
    // Names of columns that no longer exist are dropped; none left is the preset's.
    if (Array.isArray(parsed)) columns = parseCsvColumns(parsed.filter((c) => typeof c === 'string').join(','));
  }
  return {
    csvColumns: columns,
    csvDates: CSV_DATE_FORMATS.find((d) => d === row?.csv_dates) ?? 'iso',
    bom: row?.bom === 1,
  };
}

export async function saveExportSettings(
  ctx: AppContext,
  userId: string,
  settings: ExportSettings,
): Promise<ExportSettings> {
  const columns = settings.csvColumns;
  if (columns !== null && parseCsvColumns(columns.join(',')) === null)
    throw new AppError('VALIDATION_FAILED', `csvColumns are some of ${CSV_COLUMNS.join(', ')}, each once`, {
      field: 'csvColumns',
    });
  const values = {
    csv_columns: columns === null ? null : JSON.stringify(columns),
    csv_dates: settings.csvDates,
    bom: settings.bom ? 1 : 0,
    updated_at: ctx.clock.now(),
  };
  await ctx.db
    .insertInto('export_settings')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
  return getExportSettings(ctx, userId);
}
