/**
 * The page of the original beside the grid, with each row's box drawn on it (Transaction.bbox,
 * in page units, measured from the top-left). Selecting a row scrolls the page to its box;
 * clicking a box selects its row.
 */
import { useEffect, useMemo, useRef, useState } from 'react';

export type Zoom = 'fit' | 1 | 2;
const ZOOMS: Array<{ zoom: Zoom; label: string }> = [
  { zoom: 'fit', label: 'Fit width' },
  { zoom: 1, label: '100 %' },
  { zoom: 2, label: '200 %' },
];

import type { Row } from './model';

export function pageOf(row: Row | undefined): number {
  return row?.bbox?.page ?? row?.page ?? 1;
}

export function pictureUrl(pageUrl: string, page: number, source: string | undefined): string {
  const url = pageUrl.replace('{page}', String(page));
  return source ? `${url}${url.includes('?') ? '&' : '?'}source=${encodeURIComponent(source)}` : url;
}

export function PageView({
  pageUrl,
  source,
  rows,
  selected,
  onSelect,
  compact = false,
}: {
  pageUrl: string | null;
  source: string | undefined;
  rows: Row[];
  selected: number;
  onSelect: (row: number) => void;
  compact?: boolean;
}) {
  const selectedPage = pageOf(rows[selected]);
  const [page, setPage] = useState(selectedPage);
  const [failed, setFailed] = useState(false);
  const [zoom, setZoom] = useState<Zoom>('fit');
  const [natural, setNatural] = useState(0);
  const box = useRef<HTMLButtonElement>(null);
  const view = useRef<HTMLElement>(null);
  const drag = useRef<{ x: number; y: number; left: number; top: number } | null>(null);
  const pages = useMemo(() => rows.reduce((n, r) => Math.max(n, pageOf(r)), 1), [rows]);

  useEffect(() => setPage(selectedPage), [selectedPage]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page (or file) gets its own try at loading
  useEffect(() => setFailed(false), [page, pageUrl, source]);
  // Scrolls the page view (never the window: scrollIntoView would move the whole screen) so that the
  // selected row's box is in its middle, whenever the selection, the page or the zoom changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls again whenever the selection moves
  useEffect(() => {
    const b = box.current;
    const v = view.current;
    if (!b || !v) return;
    const br = b.getBoundingClientRect();
    const vr = v.getBoundingClientRect();
    const top = v.scrollTop + br.top - vr.top - (v.clientHeight - br.height) / 2;
    const left = v.scrollLeft + br.left - vr.left - Math.max(8, (v.clientWidth - br.width) / 2);
    v.scrollTo({ top: Math.max(0, top), left: Math.max(0, left), behavior: 'smooth' });
  }, [selected, page, zoom, natural]);

  const boxes = useMemo(
    () => rows.map((r, i) => ({ r, i })).filter(({ r }) => r.bbox && r.bbox.page === page),
    [rows, page],
  );
  if (!pageUrl)
    return (
      <p className="rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-600">
        This file has no pages to show: it was a spreadsheet, text or document export.
      </p>
    );
  return (
    <figure className="space-y-2" aria-label="Page of the original">
      <div className="flex items-center justify-between gap-2 text-sm">
        <button
          type="button"
          className="rounded-md border border-slate-300 px-2 py-1 disabled:opacity-40"
          onClick={() => setPage((p) => Math.max(1, p - 1))}
          disabled={page <= 1}
        >
          Previous page
        </button>
        <figcaption className="font-medium text-slate-700">
          Page {page} of {pages}
        </figcaption>
        <button
          type="button"
          className="rounded-md border border-slate-300 px-2 py-1 disabled:opacity-40"
          onClick={() => setPage((p) => Math.min(pages, p + 1))}
          disabled={page >= pages}
        >
          Next page
        </button>
      </div>
      <fieldset className="flex items-center justify-end gap-1 text-xs">
        <legend className="sr-only">Zoom</legend>
        {ZOOMS.map((z) => (
          <button
            key={z.label}
            type="button"
            aria-pressed={zoom === z.zoom}
            onClick={() => setZoom(z.zoom)}
            className="rounded-md border border-slate-300 px-2 py-1 font-medium aria-pressed:border-brand-600 aria-pressed:bg-brand-50 aria-pressed:text-brand-700"
          >
            {z.label}
          </button>
        ))}
      </fieldset>
      <section
        ref={view}
        className={`overflow-auto rounded-xl border border-slate-200 bg-slate-100 ${
          zoom === 'fit' ? '' : 'cursor-grab active:cursor-grabbing'
        } ${compact ? 'max-h-[70vh]' : 'h-[min(75vh,48rem)]'}`}
        // Dragging pans a zoomed page, as in a viewer.
        onPointerDown={(e) => {
          const v = view.current;
          if (zoom === 'fit' || !v || e.button !== 0 || (e.target as HTMLElement).tagName === 'BUTTON') return;
          drag.current = { x: e.clientX, y: e.clientY, left: v.scrollLeft, top: v.scrollTop };
          v.setPointerCapture(e.pointerId);
        }}
        onPointerMove={(e) => {
          const d = drag.current;
          const v = view.current;
          if (!d || !v) return;
          v.scrollLeft = d.left - (e.clientX - d.x);
          v.scrollTop = d.top - (e.clientY - d.y);
        }}
        onPointerUp={() => {
          drag.current = null;
        }}
        data-testid="page-view"
        // Scrollable with the keyboard too (its row boxes are not tab stops: the grid is).
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
        aria-label={`Page ${page}, scrollable`}
      >
        {failed ? (
          <p className="p-4 text-sm text-slate-600">This page could not be shown.</p>
        ) : (
          <div
            className="relative"
            style={zoom === 'fit' || !natural ? undefined : { width: natural * zoom, maxWidth: 'none' }}
          >
            <img
              src={pictureUrl(pageUrl, page, source)}
              alt={`Page ${page} of the original statement`}
              className="block w-full select-none"
              draggable={false}
              onLoad={(e) => setNatural(e.currentTarget.naturalWidth)}
              onError={() => setFailed(true)}
            />
            {boxes.map(({ r, i }) => {
              const b = r.bbox as NonNullable<Row['bbox']>;
              const isSelected = i === selected;
              return (
                <button
                  key={r._key}
                  ref={isSelected ? box : undefined}
                  type="button"
                  tabIndex={-1}
                  aria-label={`Row ${i + 1}`}
                  data-testid={isSelected ? 'page-box-selected' : 'page-box'}
                  onClick={() => onSelect(i)}
                  className={`absolute rounded-sm ${
                    isSelected ? 'bg-yellow-300/40 ring-2 ring-amber-600' : 'ring-1 ring-sky-500/40 hover:bg-sky-200/30'
                  }`}
                  style={{
                    left: `${(b.x / b.pageWidth) * 100}%`,
                    top: `${(b.y / b.pageHeight) * 100}%`,
                    width: `${(b.width / b.pageWidth) * 100}%`,
                    height: `${(b.height / b.pageHeight) * 100}%`,
                  }}
                />
              );
            })}
          </div>
        )}
      </section>
      {rows[selected] && !rows[selected]?.bbox && (
        <p className="text-xs text-slate-500">Where this row is printed on the page is not known.</p>
      )}
    </figure>
  );
}
