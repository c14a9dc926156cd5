/**
 * Calls of the review screen and the upload flow beyond SPEC §7, through the shared route table:
 * statements and their versions, retries with a PDF's password, and the server-sent events that
 * push file records.
 */
import { type FileRecord, MAX_STREAM_FILES, type PatchStatementsRequest, ROUTES } from '@statemint/shared';
import { createParser } from 'eventsource-parser';
import { capabilityHeaders } from '../lib/capabilities';
import { apiFetch, callApi, routeUrl } from './client';

export const statementsKey = (id: string) => ['/api/files', id, 'statements'] as const;

export const fetchStatements = (id: string) => callApi(ROUTES.getStatements, { params: { id } });

// An anonymous file's changes carry the capability of its upload in this browser. A save sends
// only the change from the version the edits started from.
export const saveStatements = (id: string, body: PatchStatementsRequest) =>
  callApi(ROUTES.patchStatements, { params: { id }, body, headers: capabilityHeaders(id) });

export const restoreVersion = (id: string, version: number) =>
  callApi(ROUTES.restoreStatementsVersion, { params: { id }, body: { version }, headers: capabilityHeaders(id) });

export const retryWithPassword = (id: string, password: string, headers: Record<string, string>) =>
  callApi(ROUTES.retryFile, { params: { id }, body: { password }, headers });

export const fetchFile = (id: string) => callApi(ROUTES.getFile, { params: { id } });

/**
 * Follows the files' records as the server pushes them (server-sent events). Read with fetch
 * rather than EventSource, so the session's Bearer token goes along. Resolves when the server
 * ends the stream (no file processing any more); rejects on a network or HTTP error.
 */
export async function followFiles(
  ids: string[],
  handlers: { onFile: (record: FileRecord) => void; onGone: (id: string) => void },
  signal: AbortSignal,
): Promise<void> {
  // One stream follows at most MAX_STREAM_FILES files; more files take more streams.
  if (ids.length > MAX_STREAM_FILES) {
    const chunks: string[][] = [];
    for (let i = 0; i < ids.length; i += MAX_STREAM_FILES) chunks.push(ids.slice(i, i + MAX_STREAM_FILES));
    await Promise.all(chunks.map((chunk) => followFiles(chunk, handlers, signal)));
    return;
  }
  const res = await apiFetch(routeUrl(ROUTES.fileEvents, { query: { ids: ids.join(',') } }), {
    headers: { Accept: 'text/event-stream' },
    signal,
  });
  const parser = createParser({
    onEvent(event) {
      if (event.event === 'file') handlers.onFile(JSON.parse(event.data) as FileRecord);
      else if (event.event === 'gone') handlers.onGone((JSON.parse(event.data) as { id: string }).id);
    },
  });
  const reader = res.body?.getReader();
  if (!reader) return;
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    parser.feed(decoder.decode(value, { stream: true }));
  }
}
