/**
 * /review?file=<id>: one file's result, reached from the dashboard's file list and from the
 * pay-per-file receipt e-mail. Anonymous files are readable by their id within their hour;
 * vault files by their owner. The receipt's link holds the upload's capability (#capability=).
 */

import type { FileRecord } from '@statemint/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../api/errors';
import { fetchFile } from '../api/files';
import { WIDE } from '../app/layout';
import { Link, useLocation } from '../app/router';
import { buttonClass, Spinner } from '../components/ui';
import { rememberCapability } from '../lib/capabilities';
import { CompletedPanel, FailedPanel, ProcessingPanel } from '../upload/ResultPanel';

export default function ReviewPage() {
  const { search } = useLocation();
  const id = search.get('file') ?? '';
  // The receipt's link carries the upload's capability in its fragment (issue 29): this browser
  // may then edit and delete the file. It is kept like an upload's and taken out of the address bar.
  useEffect(() => {
    const capability = new URLSearchParams(window.location.hash.slice(1)).get('capability');
    if (!id || !capability) return;
    rememberCapability(id, capability);
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
  }, [id]);
  const queryClient = useQueryClient();
  const key = ['/api/files', id] as const;
  const query = useQuery({
    queryKey: key,
    enabled: id !== '',
    queryFn: () => fetchFile(id),
    retry: false,
    refetchInterval: (q) => (q.state.data?.status === 'processing' ? 2000 : false),
  });
  const onSaved = (record: FileRecord) => queryClient.setQueryData(key, record);

  let body: React.ReactNode;
  if (!id || query.error)
    body = (
      <div className="rounded-2xl border border-slate-200 bg-white p-6 text-center">
        <h2 className="text-lg font-bold">This result is not available</h2>
        <p className="mt-2 text-sm text-slate-600">
          {query.error instanceof ApiError && query.error.serverMessage
            ? query.error.serverMessage
            : 'The link is incomplete.'}{' '}
          Free and pay-per-file results are kept for 1 hour; vault files need you to be signed in.
        </p>
        <Link href="/upload" className={`${buttonClass('primary')} mt-4`}>
          Convert a Statement
        </Link>
      </div>
    );
  else if (query.isPending)
    body = (
      <div className="py-10 text-center">
        <Spinner label="Loading" />
      </div>
    );
  else if (query.data.status === 'processing') body = <ProcessingPanel />;
  else if (query.data.status === 'failed') body = <FailedPanel record={query.data} />;
  else body = <CompletedPanel record={query.data} anonymous={query.data.mode !== 'subscription'} onSaved={onSaved} />;

  return (
    <section className={`mx-auto px-4 py-8 sm:py-10 ${WIDE}`}>
      <h1 className="mb-6 text-3xl font-extrabold tracking-tight">Review and Download</h1>
      {body}
    </section>
  );
}
