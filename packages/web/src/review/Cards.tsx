/** On a phone: rows as cards (virtualised), each editable in place, with its page a tap away. */
import { EDITABLE_FIELDS, type EditableField, type ReconciliationMismatch } from '@statemint/shared';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, useState } from 'react';
import { Button, Field, Modal } from '../components/ui';
import { formatAmount } from '../lib/format';
import { FlagBadges, rowFlags } from './Grid';
import { cellText, type DayOrder, describeTrace, parseCell, type Row } from './model';
import { PageView } from './PageView';

const LABELS: Record<EditableField, string> = {
  date: 'Date',
  description: 'Description',
  debit: 'Debit',
  credit: 'Credit',
  amount: 'Amount',
  balance: 'Balance',
};

function CardEditor({
  row,
  onSave,
  onCancel,
  dayOrder,
}: {
  row: Row;
  onSave: (values: Partial<Record<EditableField, string | number | null>>) => void;
  onCancel: () => void;
  dayOrder: DayOrder | null;
}) {
  const [texts, setTexts] = useState(
    () => Object.fromEntries(EDITABLE_FIELDS.map((f) => [f, cellText(row, f)])) as Record<EditableField, string>,
  );
  const [errors, setErrors] = useState<Partial<Record<EditableField, string>>>({});
  return (
    <form
      className="mt-3 space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        const values: Partial<Record<EditableField, string | number | null>> = {};
        const errs: Partial<Record<EditableField, string>> = {};
        for (const f of EDITABLE_FIELDS) {
          if (texts[f] === cellText(row, f)) continue;
          const parsed = parseCell(f, texts[f], dayOrder);
          if ('error' in parsed) errs[f] = parsed.error;
          else values[f] = parsed.value;
        }
        setErrors(errs);
        if (Object.keys(errs).length === 0) onSave(values);
      }}
    >
      {EDITABLE_FIELDS.map((f) => (
        <Field
          key={f}
          label={LABELS[f]}
          value={texts[f]}
          inputMode={f === 'date' || f === 'description' ? 'text' : 'decimal'}
          error={errors[f]}
          onChange={(e) => setTexts((t) => ({ ...t, [f]: e.target.value }))}
        />
      ))}
      <div className="flex gap-2">
        <Button type="submit" size="sm">
          Save row
        </Button>
        <Button size="sm" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

export function Cards({
  rows,
  currency,
  mismatches,
  proven,
  selected,
  onSelect,
  onSet,
  pageUrl,
  source,
  dayOrder = null,
}: {
  rows: Row[];
  currency: string | null;
  mismatches: Map<number, ReconciliationMismatch>;
  proven: Set<number>;
  selected: number;
  onSelect: (row: number) => void;
  onSet: (row: number, values: Partial<Record<EditableField, string | number | null>>) => void;
  pageUrl: string | null;
  source: string | undefined;
  dayOrder?: DayOrder | null;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [pageFor, setPageFor] = useState<number | null>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 120,
    overscan: 6,
  });
  return (
    <>
      <div ref={scroller} className="h-[70vh] overflow-auto" data-testid="review-cards">
        <ul aria-label="Rows" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((v) => {
            const r = rows[v.index] as Row;
            const flags = rowFlags(r, mismatches.get(v.index), proven.has(v.index));
            return (
              <li
                key={r._key}
                ref={virtualizer.measureElement}
                data-index={v.index}
                className="absolute left-0 w-full pb-2"
                style={{ transform: `translateY(${v.start}px)` }}
              >
                <div
                  className={`rounded-xl border p-3 ${
                    v.index === selected ? 'border-sky-500' : flags.mismatch ? 'border-amber-300' : 'border-slate-200'
                  } bg-white`}
                >
                  <div className="flex items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p className="text-xs text-slate-500">
                        Row {v.index + 1} · {r.date}
                      </p>
                      <p className="break-words font-medium text-ink">{r.description || 'No description'}</p>
                    </div>
                    <p
                      className={`shrink-0 font-semibold tabular-nums ${r.amount < 0 ? 'text-red-700' : 'text-brand-700'}`}
                    >
                      {formatAmount(r.amount, currency)}
                    </p>
                  </div>
                  <div className="mt-1 flex flex-wrap items-center justify-between gap-2 text-xs text-slate-600">
                    <span>Balance {r.balance === null ? '–' : formatAmount(r.balance, currency)}</span>
                    <FlagBadges flags={flags} />
                  </div>
                  {r._trace.length > 0 && (
                    <ul className="mt-1 space-y-0.5 text-xs text-slate-600">
                      {r._trace.map((t, k) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: trace entries have no id
                        <li key={k} className="break-words">
                          {describeTrace(t)}
                        </li>
                      ))}
                    </ul>
                  )}
                  {editing === r._key ? (
                    <CardEditor
                      row={r}
                      dayOrder={dayOrder}
                      onCancel={() => setEditing(null)}
                      onSave={(values) => {
                        onSet(v.index, values);
                        setEditing(null);
                      }}
                    />
                  ) : (
                    <div className="mt-2 flex gap-2">
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => {
                          onSelect(v.index);
                          setEditing(r._key);
                        }}
                      >
                        Edit
                      </Button>
                      {pageUrl && (
                        <Button
                          size="sm"
                          variant="secondary"
                          onClick={() => {
                            onSelect(v.index);
                            setPageFor(v.index);
                          }}
                        >
                          Show on page
                        </Button>
                      )}
                    </div>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      </div>
      <Modal open={pageFor !== null} onOpenChange={(open) => !open && setPageFor(null)} title="Page of the original">
        {pageFor !== null && (
          <PageView pageUrl={pageUrl} source={source} rows={rows} selected={pageFor} onSelect={onSelect} compact />
        )}
      </Modal>
    </>
  );
}
