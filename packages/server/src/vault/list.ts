/**
 * GET /api/files and the dashboard's recentFiles: the vault a page at a time. Pages are cut by a
 * cursor (the sort key of the last row sent), never by an offset, so page 400 costs what page 1
 * does and a file added meanwhile neither repeats nor hides a row.
 */
import { createHash } from 'node:crypto';
import {
  AppError,
  VAULT_PAGE_SIZE,
  type VaultOrder,
  type VaultPage,
  type VaultSort,
  type VaultStatusFilter,
} from '@statemint/shared';
import type { FilesContext } from '../files/context';
import { toFileRecord } from '../files/record';
import { type CursorKey, cursorKeyOf } from '../files/repository';
import { retentionOf } from '../files/service';

export interface VaultListInput {
  sort?: VaultSort | undefined;
  order?: VaultOrder | undefined;
  q?: string | undefined;
  status?: VaultStatusFilter | undefined;
  from?: string | undefined;
  to?: string | undefined;
  cursor?: string | undefined;
  limit?: number | undefined;
}

const BAD_CURSOR = 'This page of files cannot be found: reload the list.';

function time(raw: string | undefined, field: string): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const ms = Date.parse(raw);
  if (Number.isNaN(ms)) throw new AppError('VALIDATION_FAILED', `${field} must be a date and time`, { field });
  return ms;
}

/** What a cursor belongs to: a cursor of another sort or search would land anywhere. */
function listingOf(input: VaultListInput, sort: VaultSort, order: VaultOrder): string {
  const filters = JSON.stringify([
    sort,
    order,
    input.q?.trim() ?? '',
    input.status ?? '',
    input.from ?? '',
    input.to ?? '',
  ]);
  return createHash('sha256').update(filters).digest('base64url').slice(0, 12);
}

function encodeCursor(listing: string, key: CursorKey): string {
  return Buffer.from(JSON.stringify({ l: listing, k: key })).toString('base64url');
}

function decodeCursor(cursor: string, listing: string): CursorKey {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { l?: unknown; k?: unknown };
    if (
      parsed.l === listing &&
      Array.isArray(parsed.k) &&
      parsed.k.every((v) => typeof v === 'string' || typeof v === 'number')
    )
      return parsed.k as CursorKey;
  } catch {}
  throw new AppError('VALIDATION_FAILED', BAD_CURSOR, { field: 'cursor' });
}

export async function listVault(
  files: FilesContext,
  userId: string,
  sessionId: string,
  input: VaultListInput = {},
): Promise<VaultPage> {
  const now = files.ctx.clock.now();
  const sort = input.sort ?? 'date';
  const order = input.order ?? 'desc';
  const limit = input.limit ?? VAULT_PAGE_SIZE;
  const listing = listingOf(input, sort, order);
  const from = time(input.from, 'from');
  const to = time(input.to, 'to');
  const rows = await files.repo.page({
    userId,
    now,
    sort,
    order,
    ...(input.q ? { q: input.q } : {}),
    ...(input.status ? { status: input.status } : {}),
    ...(from !== undefined ? { from } : {}),
    ...(to !== undefined ? { to } : {}),
    // One more than asked: whether there is a next page, without counting.
    limit: limit + 1,
    ...(input.cursor ? { after: decodeCursor(input.cursor, listing) } : {}),
  });
  const pageRows = rows.slice(0, limit);
  const last = pageRows[pageRows.length - 1];
  const retention = await retentionOf(files, userId);
  const links = files.links.forSession(sessionId);
  return {
    files: pageRows.map((row) => toFileRecord(row, { now, links, retention })),
    nextCursor: rows.length > limit && last ? encodeCursor(listing, cursorKeyOf(last, sort)) : null,
  };
}
