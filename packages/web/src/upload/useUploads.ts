/**
 * The upload flow (SPEC §4, issue 14): several files chosen or dropped at once, each with its own
 * row, progress (30, 70, 100 while uploading) and result; conversion progress pushed by the
 * server (server-sent events, GET /api/files/events), polled every 2 s only when the stream is
 * unavailable. With `persistKey`, the rows survive a page reload (sessionStorage).
 */

import type { FileRecord } from '@statemint/shared';
import { LIMITS } from '@statemint/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { apiFetch } from '../api/client';
import { fetchFile, followFiles, retryWithPassword } from '../api/files';
import { toast } from '../components/toast';
import { rememberCapability } from '../lib/capabilities';
import { deviceFingerprint, FINGERPRINT_HEADER } from '../lib/fingerprint';
import { SUCCESS } from '../lib/messages';
import { type FileProblem, validateUploadFile } from '../lib/validate';

export type ItemState = 'chosen' | 'uploading' | 'processing' | 'completed' | 'failed' | 'refused';

export interface UploadItem {
  key: string;
  name: string;
  size: number;
  /** The chosen file (null for rows restored after a reload). */
  file: File | null;
  state: ItemState;
  progress: number;
  id: string | null;
  record: FileRecord | null;
  /** Why the file was not converted: the upload was refused, or this mode converts one file only. */
  problem: string | null;
  /** Not sent because what was paid (or the free trial) did not cover it: paying converts it. */
  payable?: boolean;
}

export interface UploadTarget {
  path: string;
  fields: Record<string, string>;
  headers?: Record<string, string>;
}

interface Persisted {
  key: string;
  id: string;
  name: string;
  size: number;
}

const MAX_PARALLEL_UPLOADS = 3;
let keySeq = 0;
const newKey = () => `u${Date.now().toString(36)}${(keySeq++).toString(36)}`;

function restore(persistKey: string | undefined): UploadItem[] {
  if (!persistKey) return [];
  try {
    const saved = JSON.parse(sessionStorage.getItem(persistKey) ?? '[]') as Persisted[];
    return saved.map((p) => ({
      key: p.key,
      name: p.name,
      size: p.size,
      file: null,
      state: 'processing',
      progress: 100,
      id: p.id,
      record: null,
      problem: null,
    }));
  } catch {
    return [];
  }
}

function stateOf(record: FileRecord): ItemState {
  if (record.status === 'completed' || record.status === 'archived') return 'completed';
  if (record.status === 'failed') return 'failed';
  return 'processing';
}

export function useUploads(where: 'upload' | 'dashboard', options: { persistKey?: string } = {}) {
  const { persistKey } = options;
  const queryClient = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>(() => restore(persistKey));
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const [streamRound, setStreamRound] = useState(0);

  const patch = useCallback((key: string, change: Partial<UploadItem>) => {
    setItems((list) => list.map((i) => (i.key === key ? { ...i, ...change } : i)));
  }, []);

  // Rows with a file id survive a reload of the page.
  useEffect(() => {
    if (!persistKey) return;
    const saved: Persisted[] = items
      .filter((i): i is UploadItem & { id: string } => i.id !== null)
      .map(({ key, id, name, size }) => ({ key, id, name, size }));
    if (saved.length) sessionStorage.setItem(persistKey, JSON.stringify(saved));
    else sessionStorage.removeItem(persistKey);
  }, [items, persistKey]);

  const applyRecord = useCallback(
    (record: FileRecord) => {
      const before = itemsRef.current.find((i) => i.id === record.id);
      if (!before) return;
      const state = stateOf(record);
      setItems((list) => list.map((i) => (i.id === record.id ? { ...i, record, state } : i)));
      if (state !== before.state && (state === 'completed' || state === 'failed')) {
        // 'Upload Successful' only once the conversion has succeeded, never beside a failed one.
        if (state === 'completed') toast(SUCCESS.upload);
        void queryClient.invalidateQueries({ queryKey: ['/api/dashboard'] });
      }
    },
    [queryClient],
  );

  // The files still converting, followed by one event stream (polled if the stream fails).
  const watching = useMemo(
    () =>
      items
        .filter((i) => i.id && (i.state === 'processing' || (i.state === 'completed' && !i.record)))
        .map((i) => i.id as string),
    [items],
  );
  const watchKey = watching.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the stream restarts when the set of ids changes (watchKey) or after a failure (streamRound)
  useEffect(() => {
    if (!watchKey) return;
    const ids = watchKey.split(',');
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      for (const id of ids) {
        try {
          applyRecord(await fetchFile(id));
        } catch {
          // Gone or unreachable: the next round tries again.
        }
      }
      timer = setTimeout(() => setStreamRound((n) => n + 1), LIMITS.pollIntervalMs);
    };
    followFiles(
      ids,
      {
        onFile: applyRecord,
        onGone: (id) => setItems((list) => list.filter((i) => i.id !== id)),
      },
      controller.signal,
    ).catch(() => {
      if (!controller.signal.aborted) void poll();
    });
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [watchKey, streamRound, applyRecord]);

  /** Adds the chosen files as rows; files that fail the checks are named in a toast and not added. */
  const choose = useCallback(
    (files: FileList | File[] | null) => {
      const list = files ? Array.from(files) : [];
      if (list.length === 0) return;
      const problems: Array<{ name: string; problem: FileProblem }> = [];
      const added: UploadItem[] = [];
      for (const file of list) {
        const problem = validateUploadFile(file, where);
        if (problem) problems.push({ name: file.name, problem });
        else
          added.push({
            key: newKey(),
            name: file.name,
            size: file.size,
            file,
            state: 'chosen',
            progress: 0,
            id: null,
            record: null,
            problem: null,
          });
      }
      const first = problems[0];
      if (first)
        toast({
          title: first.problem.title,
          description:
            problems.length === 1 && list.length === 1
              ? first.problem.description
              : `${problems.map((p) => p.name).join(', ')}: ${first.problem.description}`,
          variant: 'error',
        });
      if (added.length) setItems((items) => [...items.filter((i) => i.state !== 'chosen'), ...added]);
    },
    [where],
  );

  const remove = useCallback((key: string) => setItems((list) => list.filter((i) => i.key !== key)), []);

  /** Uploads one chosen row; throws the ApiError for the caller's SPEC §8 mapping. */
  const uploadOne = useCallback(
    async (item: UploadItem, target: UploadTarget): Promise<void> => {
      if (!item.file) return;
      patch(item.key, { state: 'uploading', progress: LIMITS.uploadProgress[0], problem: null, payable: false });
      try {
        const form = new FormData();
        for (const [k, v] of Object.entries(target.fields)) form.append(k, v);
        form.append('file', item.file, item.file.name);
        // Free accounts upload through the free trial, which counts devices: every upload names its device.
        const headers = { [FINGERPRINT_HEADER]: deviceFingerprint(), ...target.headers };
        const res = await apiFetch(target.path, { method: 'POST', body: form, headers });
        patch(item.key, { progress: LIMITS.uploadProgress[1] });
        const body = (await res.json()) as { id?: string; capability?: string };
        if (!body.id) throw new Error('Upload failed');
        // An anonymous upload's capability: saving edits of the file needs it.
        if (body.capability) rememberCapability(body.id, body.capability);
        patch(item.key, { progress: LIMITS.uploadProgress[2], id: body.id, state: 'processing' });
        void queryClient.invalidateQueries({ queryKey: ['/api/dashboard'] });
      } catch (e) {
        patch(item.key, { state: 'chosen', progress: 0 });
        throw e;
      }
    },
    [patch, queryClient],
  );

  /**
   * Uploads the chosen rows (up to 3 at a time), and the not-yet-paid rows named in `payFor`.
   * With `limit`, this mode converts that many files (the free trial one, a payment the files it
   * bought): the others are kept as rows that say why they were not converted, and can be paid
   * for. Errors go to `onError` (first one only, so one refusal is not shown three times) and
   * into the row.
   */
  const start = useCallback(
    async (
      target: UploadTarget,
      opts: { limit?: { count: number; problem: string }; payFor?: string[]; onError: (e: unknown) => void },
    ) => {
      const chosen = itemsRef.current.filter(
        (i) => i.file && (i.state === 'chosen' || (i.state === 'refused' && opts.payFor?.includes(i.key))),
      );
      const queue = opts.limit ? chosen.slice(0, opts.limit.count) : chosen;
      if (opts.limit)
        for (const extra of chosen.slice(opts.limit.count))
          patch(extra.key, { state: 'refused', problem: opts.limit.problem, payable: true });
      let reported = false;
      const run = async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          try {
            await uploadOne(next, target);
          } catch (e) {
            const message = (e as { serverMessage?: string }).serverMessage ?? 'Upload failed';
            patch(next.key, { state: 'refused', problem: message });
            if (!reported) {
              reported = true;
              opts.onError(e);
            }
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(MAX_PARALLEL_UPLOADS, queue.length) }, run));
    },
    [patch, uploadOne],
  );

  /** Runs a failed conversion again with the PDF's password (no second charge). */
  const retry = useCallback(
    async (key: string, password: string) => {
      const item = itemsRef.current.find((i) => i.key === key);
      if (!item?.id) return;
      const record = await retryWithPassword(item.id, password, { [FINGERPRINT_HEADER]: deviceFingerprint() });
      patch(key, { record, state: stateOf(record) });
    },
    [patch],
  );

  const updateRecord = useCallback(
    (record: FileRecord) => setItems((list) => list.map((i) => (i.id === record.id ? { ...i, record } : i))),
    [],
  );

  const reset = useCallback(() => setItems([]), []);

  const busy = items.some((i) => i.state === 'uploading');
  const chosen = items.filter((i) => i.state === 'chosen');
  /** Rows not sent because nothing paid for them. */
  const unpaid = items.filter((i) => i.state === 'refused' && i.payable && i.file);
  return {
    unpaid,
    items,
    chosen,
    busy,
    choose,
    remove,
    start,
    retry,
    reset,
    updateRecord,
  };
}
