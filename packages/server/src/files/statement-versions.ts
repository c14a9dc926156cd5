/** The latest saved version of a file's statements (0: the conversion itself, no edit saved). */
import type { FilesContext } from './context';

export async function latestStatementsVersion(files: FilesContext, fileId: string): Promise<number> {
  const row = await files.db
    .selectFrom('statement_versions')
    .select((eb) => eb.fn.max('version').as('latest'))
    .where('file_id', '=', fileId)
    .executeTakeFirst();
  return Number(row?.latest ?? 0);
}
