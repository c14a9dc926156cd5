/** SPEC §4 upload flow: no file, chosen, uploading (30/70/100), then polling every 2 s until completed or failed. */
import { LIMITS, ROUTES } from '@statemint/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiFetch, callApi } from '../api/client';
import { toast } from '../components/toast';
import { deviceFingerprint, FINGERPRINT_HEADER } from '../lib/fingerprint';
import { POLL_FAILED_TEXT, SUCCESS } from '../lib/messages';
import { validateUploadFile } from '../lib/validate';

export type Phase = 'idle' | 'chosen' | 'uploading' | 'processing' | 'completed' | 'failed';

export interface UploadTarget {
  path: string;
  fields: Record<string, string>;
  headers?: Record<string, string>;
}

export function useUploadFlow(where: 'upload' | 'dashboard') {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<'idle' | 'chosen' | 'uploading' | 'polling'>('idle');
  const [progress, setProgress] = useState(0);
  const [fileId, setFileId] = useState<string | null>(null);
  const busy = useRef(false);

  const status = useQuery({
    queryKey: ['/api/files', fileId],
    enabled: fileId !== null,
    queryFn: () => callApi(ROUTES.getFile, { params: { id: fileId ?? '' } }),
    refetchInterval: (q) => {
      const s = q.state.data?.status;
      return s === 'completed' || s === 'failed' || q.state.error ? false : LIMITS.pollIntervalMs;
    },
    staleTime: 0,
  });

  useEffect(() => {
    if (status.error) toast({ title: 'Error', description: POLL_FAILED_TEXT, variant: 'error' });
  }, [status.error]);

  const record = status.data;
  const displayed: Phase =
    phase === 'polling'
      ? status.error
        ? 'failed'
        : record?.status === 'completed' || record?.status === 'archived'
          ? 'completed'
          : record?.status === 'failed'
            ? 'failed'
            : 'processing'
      : phase;

  useEffect(() => {
    if (displayed === 'completed' || displayed === 'failed')
      void queryClient.invalidateQueries({ queryKey: ['/api/dashboard'] });
  }, [displayed, queryClient]);

  const choose = useCallback(
    (files: FileList | File[] | null) => {
      if (busy.current || phase === 'uploading' || phase === 'polling') return;
      const first = files?.[0];
      if (!first) return;
      const problem = validateUploadFile(first, where);
      if (problem) {
        toast({ ...problem, variant: 'error' });
        return;
      }
      setFile(first);
      setPhase('chosen');
    },
    [phase, where],
  );

  /** Uploads the chosen file; throws the ApiError for the caller's SPEC §8 mapping. */
  const upload = useCallback(
    async (target: UploadTarget): Promise<string> => {
      if (!file || busy.current) throw new Error('No file chosen');
      busy.current = true;
      setPhase('uploading');
      setProgress(LIMITS.uploadProgress[0]);
      try {
        const form = new FormData();
        for (const [k, v] of Object.entries(target.fields)) form.append(k, v);
        form.append('file', file, file.name);
        // Free accounts upload through the free trial, which counts devices: every upload names its device.
        const headers = { [FINGERPRINT_HEADER]: deviceFingerprint(), ...target.headers };
        const res = await apiFetch(target.path, { method: 'POST', body: form, headers });
        setProgress(LIMITS.uploadProgress[1]);
        const body = (await res.json()) as { id?: string; fileId?: string; file?: { id?: string } };
        const id = body.id ?? body.fileId ?? body.file?.id;
        if (!id) throw new Error('Upload failed');
        setProgress(LIMITS.uploadProgress[2]);
        toast(SUCCESS.upload);
        void queryClient.invalidateQueries({ queryKey: ['/api/dashboard'] });
        setFileId(id);
        setPhase('polling');
        return id;
      } catch (e) {
        setPhase('chosen');
        setProgress(0);
        throw e;
      } finally {
        busy.current = false;
      }
    },
    [file, queryClient],
  );

  const reset = useCallback(() => {
    if (fileId) queryClient.removeQueries({ queryKey: ['/api/files', fileId] });
    setFile(null);
    setFileId(null);
    setProgress(0);
    setPhase('idle');
  }, [fileId, queryClient]);

  return { file, phase: displayed, progress, record, choose, upload, reset, uploading: phase === 'uploading' };
}
