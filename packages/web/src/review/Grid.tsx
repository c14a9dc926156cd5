/**
 * Every row of a statement in a virtualised grid (4,000 rows scroll as lightly as 40), with flags
 * and spreadsheet keys: arrows move, Enter or typing edits, Enter and Tab commit and move on,
 * Escape cancels, Delete clears. Roving focus: the active cell is the grid's one tab stop.
 */
// biome-ignore-all lint/a11y/useSemanticElements: a virtualised grid cannot be a <table>: its rows come and go as it scrolls, so it carries the ARIA grid roles itself
// biome-ignore-all lint/a11y/useFocusableInteractive: the grid keeps one tab stop (roving tabindex on the active cell), as ARIA's grid pattern asks
import type { EditableField, ReconciliationMismatch } from '@statemint/shared';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  forwardRef,
  type KeyboardEvent,
  memo,
  type RefObject,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
} from 'react';
import { formatAmount } from '../lib/format';
import { cellText, type DayOrder, LOW_CONFIDENCE, parseCell, type Row, traceKind } from './model';

export const COLUMNS: Array<{ field: EditableField; label: string; numeric?: boolean }> = [
  { field: 'date', label: 'Date' },
  { field: 'description', label: 'Description' },
  { field: 'debit', label: 'Debit', numeric: true },
  { field: 'credit', label: 'Credit', numeric: true },
  { field: 'amount', label: 'Amount', numeric: true },
  { field: 'balance', label: 'Balance', numeric: true },
];

/** Fixed columns in px: row number, date, the description's least width, flags. */
const FIXED = { number: 36, date: 104, description: 176, flags: 84 };
/** A cell's padding (px-2 each side) and a little room so a value never touches the next column. */
const CELL_PADDING = 16 + 6;

let measureCanvas: HTMLCanvasElement | null = null;
/** The width of text in px in the grid's font (canvas measurement: no layout). */
function textWidth(text: string, font: string): number {
  measureCanvas ??= document.createElement('canvas');
  const ctx = measureCanvas.getContext('2d');
  if (!ctx) return text.length * 8;
  ctx.font = font;
  return ctx.measureText(text).width;
}

/** The text a cell shows: money in the statement's currency, other fields as they are. */
export function shownText(r: Row, field: EditableField, currency: string | null): string {
  const v = r[field];
  return typeof v === 'number' && COLUMNS.find((c) => c.field === field)?.numeric
    ? formatAmount(v, currency)
    : cellText(r, field);
}

/**
 * Money columns as wide as their longest value in the statement's currency (and their label), so
 * no amount is ever cut. The longest text is that of the largest or the most negative value (digits
 * are equally wide): those two are formatted and measured, not every row (this runs as a cell is typed).
 */
export function moneyWidths(rows: Row[], currency: string | null, font: string): Record<string, number> {
  const widths: Record<string, number> = {};
  for (const c of COLUMNS) {
    if (!c.numeric) continue;
    let max = 0;
    let min = 0;
    for (const r of rows) {
      const v = r[c.field];
      if (typeof v !== 'number') continue;
      if (v > max) max = v;
      else if (v < min) min = v;
    }
    // A balance that does not add up is shown in bold: measured so.
    const weight = c.field === 'balance' ? '600' : '400';
    // Digits as zeros: the cells show tabular figures, each as wide as a zero.
    const texts = [c.label, formatAmount(max, currency), formatAmount(min, currency).replace(/\d/g, '0')].map((t) =>
      t.replace(/\d/g, '0'),
    );
    widths[c.field] = Math.ceil(Math.max(...texts.map((t) => textWidth(t, `${weight} ${font}`)))) + CELL_PADDING;
  }
  return widths;
}
const ROW_HEIGHT = 36;
/** The sticky column header inside the scrolling grid: rows scrolled to are placed below it, not under it. */
const HEADER_HEIGHT = 34;

export interface Draft {
  row: number;
  field: EditableField;
  text: string;
}

export interface RowFlags {
  mismatch?: ReconciliationMismatch;
  /** A value the engine read was changed (its trace says how and why). */
  repaired: boolean;
  /** A value was not printed (or not signed) and the engine supplied it. */
  inferred: boolean;
  lowConfidence: boolean;
  confidence?: number;
}

/**
 * A row's flags. Low OCR confidence is flagged only where the row is probably wrong: a reading the
 * printed balances prove (`proven`, shared's provenRows) is right whatever the OCR thought of it.
 */
export function rowFlags(row: Row, mismatch: ReconciliationMismatch | undefined, proven = false): RowFlags {
  const repaired = row.corrected === true || row._trace.some((e) => traceKind(e) === 'repaired');
  return {
    ...(mismatch ? { mismatch } : {}),
    repaired,
    inferred: !repaired && row._trace.some((e) => traceKind(e) === 'inferred'),
    lowConfidence: !proven && row.confidence !== undefined && row.confidence < LOW_CONFIDENCE,
    ...(row.confidence !== undefined ? { confidence: row.confidence } : {}),
  };
}

export function FlagBadges({ flags }: { flags: RowFlags }) {
  return (
    <span className="flex flex-wrap gap-1">
      {flags.mismatch && (
        <span className="rounded bg-amber-100 px-1.5 text-xs font-semibold text-amber-900" data-flag="balance">
          Balance
        </span>
      )}
      {flags.repaired && (
        <span className="rounded bg-sky-100 px-1.5 text-xs font-semibold text-sky-900" data-flag="repaired">
          Repaired
        </span>
      )}
      {flags.inferred && (
        <span className="rounded bg-slate-100 px-1.5 text-xs font-semibold text-slate-700" data-flag="inferred">
          Inferred
        </span>
      )}
      {flags.lowConfidence && (
        <span
          className="rounded bg-red-100 px-1.5 text-xs font-semibold text-red-900"
          data-flag="low-confidence"
          title={`Read from a scan with ${Math.round((flags.confidence ?? 0) * 100)} % confidence, and no printed balance confirms it: check it against the page`}
        >
          Check scan
        </span>
      )}
    </span>
  );
}

export interface GridHandle {
  scrollToRow(row: number): void;
}

interface GridProps {
  label: string;
  rows: Row[];
  currency: string | null;
  mismatches: Map<number, ReconciliationMismatch>;
  /** Rows whose amounts the printed balances prove. */
  proven: Set<number>;
  selected: number;
  /** Rows chosen together with Shift (first and last), or null. */
  range: [number, number] | null;
  onSelect: (row: number, extend?: boolean) => void;
  draft: Draft | null;
  onDraft: (draft: Draft | null) => void;
  onCommit: (row: number, field: EditableField, value: string | number | null) => void;
  /** Told the columns' least width in px (the page goes beside the grid only where it fits). */
  onMinWidth?: (px: number) => void;
  /** How the statement prints its dates: a date cell takes them typed so too. */
  dayOrder?: DayOrder | null;
}

export const Grid = forwardRef<GridHandle, GridProps>(function Grid(
  {
    label,
    rows,
    currency,
    mismatches,
    proven,
    selected,
    range,
    onSelect,
    draft,
    onDraft,
    onCommit,
    onMinWidth,
    dayOrder = null,
  },
  ref,
) {
  const scroller = useRef<HTMLDivElement>(null);
  const [font, setFont] = useState('14px sans-serif');
  useEffect(() => {
    if (!scroller.current) return;
    const style = getComputedStyle(scroller.current);
    setFont(`${style.fontSize} ${style.fontFamily}`);
  }, []);
  const { template, minWidth } = useMemo(() => {
    const money = moneyWidths(rows, currency, font);
    const widths = COLUMNS.map((c) =>
      c.field === 'date'
        ? `${FIXED.date}px`
        : c.field === 'description'
          ? `minmax(${FIXED.description}px, 1fr)`
          : `${money[c.field] ?? 96}px`,
    );
    const total =
      FIXED.number + FIXED.date + FIXED.description + FIXED.flags + Object.values(money).reduce((a, b) => a + b, 0);
    return { template: `${FIXED.number}px ${widths.join(' ')} ${FIXED.flags}px`, minWidth: total };
  }, [rows, currency, font]);
  // The grid's border and a vertical scrollbar come on top of the columns.
  useEffect(() => onMinWidth?.(minWidth + 20), [minWidth, onMinWidth]);
  const [col, setCol] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const focusWanted = useRef(false);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    scrollMargin: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
  });

  useImperativeHandle(ref, () => ({
    scrollToRow: (row: number) => virtualizer.scrollToIndex(row, { align: 'auto' }),
  }));

  const active = Math.min(selected, Math.max(0, rows.length - 1));
  // Keep the active cell visible and, when the keyboard moved it, focused.
  useEffect(() => {
    if (rows.length === 0) return;
    virtualizer.scrollToIndex(active, { align: 'auto' });
    if (!focusWanted.current || draft) return;
    const frame = requestAnimationFrame(() => {
      scroller.current?.querySelector<HTMLElement>(`[data-cell="${active}-${col}"]`)?.focus({ preventScroll: true });
    });
    // An edit started before the frame (Enter right after a click) keeps its editor focused.
    return () => cancelAnimationFrame(frame);
  }, [active, col, draft, rows.length, virtualizer]);

  const move = (row: number, c: number, extend = false) => {
    focusWanted.current = true;
    setCol(Math.max(0, Math.min(COLUMNS.length - 1, c)));
    onSelect(Math.max(0, Math.min(rows.length - 1, row)), extend);
  };

  const startEdit = (text?: string) => {
    const r = rows[active];
    const column = COLUMNS[col];
    if (!r || !column) return;
    setError(null);
    onDraft({ row: active, field: column.field, text: text ?? cellText(r, column.field) });
  };

  /** Commits the draft; false (and the cell stays open) when the text is not a valid value. */
  const commit = (): boolean => {
    if (!draft) return true;
    const parsed = parseCell(draft.field, draft.text, dayOrder);
    if ('error' in parsed) {
      setError(parsed.error);
      return false;
    }
    setError(null);
    onCommit(draft.row, draft.field, parsed.value);
    onDraft(null);
    return true;
  };

  const onGridKey = (e: KeyboardEvent) => {
    if (draft || e.ctrlKey || e.metaKey || e.altKey) return;
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? 400) / ROW_HEIGHT) - 1);
    switch (e.key) {
      case 'ArrowDown':
        move(active + 1, col, e.shiftKey);
        break;
      case 'ArrowUp':
        move(active - 1, col, e.shiftKey);
        break;
      case 'ArrowRight':
        move(active, col + 1);
        break;
      case 'ArrowLeft':
        move(active, col - 1);
        break;
      case 'PageDown':
        move(active + page, col);
        break;
      case 'PageUp':
        move(active - page, col);
        break;
      case 'Home':
        move(e.ctrlKey ? 0 : active, 0);
        break;
      case 'End':
        move(active, COLUMNS.length - 1);
        break;
      case 'Tab':
        if (e.shiftKey ? col === 0 && active === 0 : col === COLUMNS.length - 1 && active === rows.length - 1) return;
        if (e.shiftKey) move(col === 0 ? active - 1 : active, col === 0 ? COLUMNS.length - 1 : col - 1);
        else move(col === COLUMNS.length - 1 ? active + 1 : active, col === COLUMNS.length - 1 ? 0 : col + 1);
        break;
      case 'Enter':
      case 'F2':
        startEdit();
        break;
      case 'Delete':
      case 'Backspace': {
        const column = COLUMNS[col];
        if (column) onCommit(active, column.field, column.field === 'amount' ? 0 : column.numeric ? null : '');
        break;
      }
      default:
        if (e.key.length === 1) {
          startEdit(e.key);
          break;
        }
        return;
    }
    e.preventDefault();
  };

  const onEditorKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      setError(null);
      onDraft(null);
      focusWanted.current = true;
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (commit()) move(active + (e.shiftKey ? -1 : 1), col);
    } else if (e.key === 'Tab') {
      e.preventDefault();
      if (commit()) {
        if (e.shiftKey) move(col === 0 ? active - 1 : active, col === 0 ? COLUMNS.length - 1 : col - 1);
        else move(col === COLUMNS.length - 1 ? active + 1 : active, col === COLUMNS.length - 1 ? 0 : col + 1);
      }
    }
  };

  // The rows' event handlers through one stable ref: a row re-renders only when its own props change
  // (an arrow key re-renders the two rows the selection leaves and enters, not every drawn row).
  const handlers = useRef<RowHandlers>(null as unknown as RowHandlers);
  handlers.current = {
    rowMouseDown: (index, shift) => {
      focusWanted.current = true;
      if (index !== active || shift) onSelect(index, shift);
    },
    cellMouseDown: (ci) => {
      focusWanted.current = true;
      setCol(ci);
    },
    startEdit: () => startEdit(),
    changeDraft: (text) => draft && onDraft({ ...draft, text }),
    editorKey: onEditorKey,
    blur: () => {
      if (!commit()) onDraft(null);
    },
  };

  return (
    <div className="rounded-xl border border-slate-200 bg-white">
      <div
        role="grid"
        aria-label={label}
        aria-rowcount={rows.length + 1}
        aria-colcount={COLUMNS.length + 2}
        ref={scroller}
        onKeyDown={onGridKey}
        className="relative h-[min(75vh,48rem)] overflow-auto text-sm"
        data-testid="review-grid"
      >
        <div
          role="row"
          aria-rowindex={1}
          className="sticky top-0 z-10 grid items-center border-b border-slate-200 bg-slate-50 text-xs font-semibold text-slate-600"
          style={{ gridTemplateColumns: template, minWidth, height: HEADER_HEIGHT }}
        >
          <span role="columnheader" className="px-2 py-2">
            #
          </span>
          {COLUMNS.map((c) => (
            <span key={c.field} role="columnheader" className={`px-2 py-2 ${c.numeric ? 'text-right' : ''}`}>
              {c.label}
            </span>
          ))}
          <span role="columnheader" className="px-2 py-2">
            Flags
          </span>
        </div>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative', minWidth }}>
          {virtualizer.getVirtualItems().map((v) => {
            const r = rows[v.index] as Row;
            const isActive = v.index === active;
            const editing = draft && draft.row === v.index ? draft : null;
            return (
              <GridRow
                key={r._key}
                r={r}
                index={v.index}
                top={v.start - HEADER_HEIGHT}
                template={template}
                currency={currency}
                mismatch={mismatches.get(v.index)}
                proven={proven.has(v.index)}
                isActive={isActive}
                inRange={range !== null && v.index >= range[0] && v.index <= range[1]}
                activeCol={isActive ? col : -1}
                editing={editing}
                error={editing ? error : null}
                handlers={handlers}
              />
            );
          })}
        </div>
      </div>
      {error && (
        <p role="alert" className="border-t border-slate-200 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
});

interface RowHandlers {
  rowMouseDown: (index: number, shift: boolean) => void;
  cellMouseDown: (column: number) => void;
  startEdit: () => void;
  changeDraft: (text: string) => void;
  editorKey: (e: KeyboardEvent<HTMLInputElement>) => void;
  blur: () => void;
}

const GridRow = memo(function GridRow({
  r,
  index,
  top,
  template,
  currency,
  mismatch,
  proven,
  isActive,
  inRange,
  activeCol,
  editing,
  error,
  handlers,
}: {
  r: Row;
  index: number;
  top: number;
  template: string;
  currency: string | null;
  mismatch: ReconciliationMismatch | undefined;
  proven: boolean;
  isActive: boolean;
  inRange: boolean;
  activeCol: number;
  editing: Draft | null;
  error: string | null;
  handlers: RefObject<RowHandlers>;
}) {
  const flags = rowFlags(r, mismatch, proven);
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={isActive || inRange}
      data-row={index}
      onMouseDown={(e) => {
        if (e.shiftKey) e.preventDefault();
        handlers.current.rowMouseDown(index, e.shiftKey);
      }}
      className={`absolute left-0 grid w-full border-b border-slate-100 ${
        isActive ? 'bg-sky-50' : inRange ? 'bg-sky-100' : mismatch ? 'bg-amber-50' : 'bg-white'
      }`}
      style={{ gridTemplateColumns: template, height: ROW_HEIGHT, transform: `translateY(${top}px)` }}
    >
      <span role="rowheader" className="px-2 py-2 text-xs text-slate-500 tabular-nums">
        {index + 1}
      </span>
      {COLUMNS.map((c, ci) => {
        const edited = editing && editing.field === c.field ? editing : null;
        const cellActive = ci === activeCol;
        return (
          <span
            key={c.field}
            role="gridcell"
            aria-colindex={ci + 2}
            aria-invalid={edited && error ? true : undefined}
            tabIndex={cellActive && !edited ? 0 : -1}
            data-cell={`${index}-${ci}`}
            onMouseDown={() => handlers.current.cellMouseDown(ci)}
            onDoubleClick={() => handlers.current.startEdit()}
            className={`truncate px-2 py-2 outline-none ${c.numeric ? 'text-right tabular-nums' : ''} ${
              cellActive ? 'ring-2 ring-sky-600 ring-inset' : ''
            } ${c.field === 'balance' && mismatch ? 'font-semibold text-amber-900' : ''}`}
            title={c.field === 'description' ? r.description : undefined}
            data-field={c.field}
          >
            {edited ? (
              <input
                // biome-ignore lint/a11y/noAutofocus: the cell being edited takes the keys, as in a spreadsheet
                autoFocus
                aria-label={`${c.label}, row ${index + 1}`}
                value={edited.text}
                onChange={(e) => handlers.current.changeDraft(e.target.value)}
                onKeyDown={(e) => handlers.current.editorKey(e)}
                onBlur={() => handlers.current.blur()}
                className={`-my-1 w-full rounded border bg-white px-1 py-0.5 ${c.numeric ? 'text-right' : ''} ${
                  error ? 'border-red-500' : 'border-sky-600'
                }`}
              />
            ) : (
              shownText(r, c.field, currency)
            )}
          </span>
        );
      })}
      <span role="gridcell" aria-colindex={COLUMNS.length + 2} className="px-2 py-2">
        <FlagBadges flags={flags} />
      </span>
    </div>
  );
});
