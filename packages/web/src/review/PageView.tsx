/**
 * The page of the original beside the grid, with each row's box drawn on it (Transaction.bbox,
 * in page units, measured from the top-left). Selecting a row scrolls the page to its box;
 * clicking a box selects its row.
 */
import { useEffect, useRef, useState } from 'react';
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
  const box = useRef<HTMLButtonElement>(null);
  const pages = Math.max(1, ...rows.map(pageOf));

  useEffect(() => setPage(selectedPage), [selectedPage]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page (or file) gets its own try at loading
  useEffect(() => setFailed(false), [page, pageUrl]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls again whenever the selection moves
  useEffect(() => {
    box.current?.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'smooth' });
  }, [selected, page]);

  if (!pageUrl)
    return (
      <p className="rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-600">
        This file has no pages to show: it was a spreadsheet, text or document export.
      </p>
    );
  const boxes = rows.map((r, i) => ({ r, i })).filter(({ r }) => r.bbox && r.bbox.page === page);
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
      <section
        className={`overflow-auto rounded-xl border border-slate-200 bg-slate-100 ${compact ? 'max-h-[70vh]' : 'h-[28rem]'}`}
        data-testid="page-view"
        // Scrollable with the keyboard too (its row boxes are not tab stops: the grid is).
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
        aria-label={`Page ${page}, scrollable`}
      >
        {failed ? (
          <p className="p-4 text-sm text-slate-600">This page could not be shown.</p>
        ) : (
          <div className="relative">
            <img
              src={pictureUrl(pageUrl, page, source)}
              alt={`Page ${page} of the original statement`}
              className="block w-full"
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
