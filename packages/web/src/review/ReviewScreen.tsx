/**
 * The review screen (issue 14): every statement of a file as a tab with its header and balance
 * check, every row in a grid (cards on a phone) beside the page it came from, edits with undo and
 * redo, and saving as a new version that every download then uses (the conversion is kept and can
 * be restored).
 */
import * as Tabs from '@radix-ui/react-tabs';
import {
  type EditableField,
  type FileRecord,
  provenRows,
  type ReconciliationMismatch,
  reconcileStatement,
  type SavedVersionResponse,
  type StatementsResponse,
  type StatementVersionInfo,
  setTransactionField,
} from '@statemint/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { forwardRef, useCallback, useEffect, useImperativeHandle, useMemo, useReducer, useRef, useState } from 'react';
import { ApiError } from '../api/errors';
import { fetchStatements, restoreVersion, saveStatements, statementsKey } from '../api/files';
import { addLeaveGuard, navigate } from '../app/router';
import { toast } from '../components/toast';
import { Button, Modal, Spinner } from '../components/ui';
import { formatShortDate } from '../lib/format';
import { Cards } from './Cards';
import { type Draft, Grid, type GridHandle } from './Grid';
import {
  type Doc,
  dayOrderOf,
  describeTrace,
  type Edit,
  fromDoc,
  type History,
  historyReducer,
  parseCell,
  patchOf,
  type Row,
  readingSummary,
  toDoc,
} from './model';
import { PageView } from './PageView';
import { RuleDialog } from './RuleDialog';
import { FactsDialog, FlipDialog, YearDialog } from './StatementFixes';
import { StatementHeader } from './StatementHeader';

function useIsPhone(): boolean {
  const query = '(max-width: 639px)';
  const [phone, setPhone] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const m = window.matchMedia(query);
    const on = () => setPhone(m.matches);
    m.addEventListener('change', on);
    return () => m.removeEventListener('change', on);
  }, []);
  return phone;
}

function tabLabel(doc: Doc, i: number): string {
  const s = doc[i];
  if (!s) return `Statement ${i + 1}`;
  const f = s.statement;
  const account = f.accountNumber ? `••${f.accountNumber.replace(/\s/g, '').slice(-4)}` : null;
  const name = [f.bankName, account].filter(Boolean).join(' ') || s.source || `Statement ${i + 1}`;
  return f.currency ? `${name} (${f.currency})` : name;
}

/** The document with the cell being typed applied, so the balance check follows every keystroke. */
function withDraft(doc: Doc, statement: number, draft: Draft | null): Doc {
  if (!draft) return doc;
  const parsed = parseCell(draft.field, draft.text, dayOrderOf(doc[statement]));
  if ('error' in parsed) return doc;
  return doc.map((s, i) =>
    i !== statement
      ? s
      : {
          ...s,
          transactions: s.transactions.map((r, k) =>
            k === draft.row ? { ...r, ...setTransactionField(r, draft.field, parsed.value) } : r,
          ),
        },
  );
}

/** What the result around the review asks of it: unsaved edits, and saving them (before a download). */
export interface ReviewHandle {
  isDirty(): boolean;
  save(): Promise<void>;
}

function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

const versionName = (v: number) => (v === 0 ? 'the original' : `version ${v}`);

function versionLabel(v: StatementVersionInfo): string {
  if (v.kind === 'conversion') return 'As converted';
  if (v.kind === 'restore')
    return v.restoredFrom === 0 ? 'Original restored' : `Version ${v.restoredFrom ?? '?'} restored`;
  return 'Edited';
}

const NO_DOC: Doc = [];
const EMPTY_HISTORY: History = { past: [], present: NO_DOC, future: [], base: NO_DOC };

export const ReviewScreen = forwardRef<ReviewHandle, { file: FileRecord; onSaved?: (record: FileRecord) => void }>(
  function ReviewScreen({ file, onSaved }, ref) {
    const queryClient = useQueryClient();
    const query = useQuery({
      queryKey: statementsKey(file.id),
      queryFn: () => fetchStatements(file.id),
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    });
    const [history, dispatch] = useReducer(historyReducer, EMPTY_HISTORY);
    const [tab, setTab] = useState(0);
    const [selected, setSelected] = useState<number[]>([]);
    const [draft, setDraft] = useState<Draft | null>(null);
    /** The fixed end of a range of rows chosen with Shift (the selected row is the other end), or null. */
    const [anchor, setAnchor] = useState<number | null>(null);
    const [dialog, setDialog] = useState<'facts' | 'flip' | 'year' | 'move' | 'rule' | null>(null);
    const [gridMin, setGridMin] = useState(700);
    /** Where the user asked to go with unsaved edits (the leave dialog is open), or null. */
    const [leaving, setLeaving] = useState<string | null>(null);
    const [versionsOpen, setVersionsOpen] = useState(false);
    /** The version the user chose to restore (the confirmation is open), or null. */
    const [restoring, setRestoring] = useState<number | null>(null);
    const grid = useRef<GridHandle>(null);
    const phone = useIsPhone();

    const loadedVersion = query.data?.version;
    /** The version this screen saved last: the doc already is it, and keeps its history. */
    const ownSave = useRef<number | null>(null);
    // biome-ignore lint/correctness/useExhaustiveDependencies: a new version from the server starts a fresh history
    useEffect(() => {
      if (query.data && query.data.version !== ownSave.current) {
        dispatch({ type: 'reset', doc: toDoc(query.data.statements) });
        setDraft(null);
      }
    }, [loadedVersion, query.data?.statements]);

    const doc = history.present;
    const statementIndex = Math.min(tab, Math.max(0, doc.length - 1));
    const live = useMemo(() => withDraft(doc, statementIndex, draft), [doc, statementIndex, draft]);
    const recs = useMemo(() => live.map((s) => reconcileStatement(s)), [live]);
    const current = live[statementIndex];
    const rows: Row[] = current?.transactions ?? [];
    const sel = Math.min(selected[statementIndex] ?? 0, Math.max(0, rows.length - 1));
    const mismatches = useMemo(() => {
      const m = new Map<number, ReconciliationMismatch>();
      for (const x of recs[statementIndex]?.mismatches ?? []) if (x.row >= 0) m.set(x.row, x);
      return m;
    }, [recs, statementIndex]);
    const proven = useMemo(
      () =>
        current
          ? provenRows(current, recs[statementIndex] ?? { status: 'unknown', mismatches: [] })
          : new Set<number>(),
      [current, recs, statementIndex],
    );
    const dirty = history.present !== history.base;

    const range: [number, number] | null =
      anchor !== null && anchor < rows.length && anchor !== sel ? [Math.min(anchor, sel), Math.max(anchor, sel)] : null;
    // A range belongs to one statement and one set of rows.
    // biome-ignore lint/correctness/useExhaustiveDependencies: any change of statement or row count ends the range
    useEffect(() => setAnchor(null), [statementIndex, rows.length]);

    const selectedNow = useRef(selected);
    selectedNow.current = selected;
    const select = useCallback(
      (row: number, extend = false) => {
        if (extend) setAnchor((a) => a ?? selectedNow.current[statementIndex] ?? 0);
        else setAnchor(null);
        setSelected((s) => {
          const next = [...s];
          next[statementIndex] = row;
          return next;
        });
        grid.current?.scrollToRow(row);
      },
      [statementIndex],
    );
    const edit = useCallback((e: Edit) => dispatch({ type: 'edit', edit: e }), []);
    const commitCell = useCallback(
      (row: number, field: EditableField, value: string | number | null) =>
        edit({ type: 'set', statement: statementIndex, row, field, value }),
      [edit, statementIndex],
    );

    const afterSave = (saved: SavedVersionResponse, message: string) => {
      toast({
        title: message,
        description: `Version ${saved.version}: every download now uses it.`,
        variant: 'success',
      });
      void queryClient.invalidateQueries({ queryKey: ['/api/dashboard'] });
      onSaved?.(saved.file);
    };
    const failed = (title: string) => (e: unknown) =>
      toast({
        title,
        description: e instanceof ApiError ? (e.serverMessage ?? e.message) : 'Please try again.',
        variant: 'error',
      });
    const save = useMutation({
      // Only the change from the version the server holds goes (patchOf); the saved doc stays on screen.
      mutationFn: async () => {
        const sent = history.present;
        const patch = patchOf(history.base, sent);
        return { sent, saved: await saveStatements(file.id, { baseVersion: loadedVersion ?? 0, statements: patch }) };
      },
      onSuccess: ({ sent, saved }) => {
        ownSave.current = saved.version;
        dispatch({ type: 'saved', doc: sent });
        queryClient.setQueryData(statementsKey(file.id), (old: StatementsResponse | undefined) =>
          old ? { ...old, version: saved.version, versions: saved.versions, statements: fromDoc(sent) } : old,
        );
        afterSave(saved, 'Changes Saved');
      },
      onError: failed('Save Failed'),
    });
    const restore = useMutation({
      mutationFn: (version: number) => restoreVersion(file.id, version),
      onSuccess: (saved, version) => {
        void queryClient.invalidateQueries({ queryKey: statementsKey(file.id) });
        setVersionsOpen(false);
        setRestoring(null);
        afterSave(saved, version === 0 ? 'Original Restored' : `Version ${version} Restored`);
      },
      onError: failed('Restore Failed'),
    });

    useImperativeHandle(ref, () => ({
      isDirty: () => dirty,
      save: async () => {
        await save.mutateAsync();
      },
    }));

    // No lost work: leaving the page (reload, close, another site) or the screen (a link in the app)
    // with unsaved edits asks first.
    useEffect(() => {
      if (!dirty) return;
      const onBeforeUnload = (e: BeforeUnloadEvent) => {
        e.preventDefault();
        e.returnValue = '';
      };
      window.addEventListener('beforeunload', onBeforeUnload);
      const removeGuard = addLeaveGuard((to) => {
        setLeaving(to);
        return true;
      });
      return () => {
        window.removeEventListener('beforeunload', onBeforeUnload);
        removeGuard();
      };
    }, [dirty]);

    const onKeys = (e: React.KeyboardEvent) => {
      if (draft || !(e.ctrlKey || e.metaKey) || (e.target as HTMLElement).tagName === 'INPUT') return;
      const key = e.key.toLowerCase();
      if (key === 'z' && !e.shiftKey) dispatch({ type: 'undo' });
      else if (key === 'y' || (key === 'z' && e.shiftKey)) dispatch({ type: 'redo' });
      else if (key === 's') save.mutate();
      else return;
      e.preventDefault();
    };

    if (query.isPending)
      return (
        <div className="py-6 text-center">
          <Spinner label="Loading the statements" />
        </div>
      );
    if (query.error)
      return (
        <p role="alert" className="text-sm text-red-700">
          The rows could not be loaded:{' '}
          {query.error instanceof ApiError ? (query.error.serverMessage ?? query.error.message) : 'network error'}
        </p>
      );
    if (!current) return null;
    const versions = query.data.versions;
    const latest = versions.at(-1);
    const selectedRow = rows[sel];
    const selectedMismatch = mismatches.get(sel);

    return (
      <section aria-label="Review statements" className="space-y-4" onKeyDown={onKeys} data-testid="review">
        <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="Edit rows">
          <Button
            size="sm"
            variant="secondary"
            onClick={() => dispatch({ type: 'undo' })}
            disabled={!history.past.length}
          >
            Undo
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => dispatch({ type: 'redo' })}
            disabled={!history.future.length}
          >
            Redo
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => edit({ type: 'add', statement: statementIndex, after: sel })}
          >
            Add row
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={!selectedRow}
            onClick={() =>
              range
                ? edit({
                    type: 'deleteRows',
                    statement: statementIndex,
                    rows: Array.from({ length: range[1] - range[0] + 1 }, (_, k) => range[0] + k),
                  })
                : edit({ type: 'delete', statement: statementIndex, row: sel })
            }
          >
            {range ? `Delete ${range[1] - range[0] + 1} rows` : 'Delete row'}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={!selectedRow}
            onClick={() => edit({ type: 'split', statement: statementIndex, row: sel })}
          >
            Split row
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={sel >= rows.length - 1}
            onClick={() => edit({ type: 'merge', statement: statementIndex, row: sel })}
          >
            Merge with next
          </Button>
          {file.mode === 'subscription' && (
            // Rules are an account's: files of the vault only (issue 27).
            <Button size="sm" variant="secondary" disabled={!selectedRow} onClick={() => setDialog('rule')}>
              Make a rule
            </Button>
          )}
          <span className="grow" />
          {versions.length > 1 && (
            <Button size="sm" variant="secondary" onClick={() => setVersionsOpen(true)}>
              Versions ({versions.length})
            </Button>
          )}
          <Button size="sm" disabled={!dirty || save.isPending} onClick={() => save.mutate()}>
            {save.isPending ? 'Saving…' : 'Save changes'}
          </Button>
        </div>
        <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="Fix the statement">
          <Button size="sm" variant="secondary" onClick={() => setDialog('facts')}>
            Edit details
          </Button>
          <Button size="sm" variant="secondary" disabled={!rows.length} onClick={() => setDialog('flip')}>
            Card statement: flip signs
          </Button>
          <Button size="sm" variant="secondary" disabled={!rows.length} onClick={() => setDialog('year')}>
            Change the year
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={sel <= 0 || sel >= rows.length}
            title="Rows from the selected one on become a statement of their own (two accounts read as one)"
            onClick={() => {
              edit({ type: 'splitStatement', statement: statementIndex, row: sel });
              setTab(statementIndex + 1);
            }}
          >
            Split statement at row {sel + 1}
          </Button>
          {live.length > 1 && (
            <Button size="sm" variant="secondary" disabled={!selectedRow} onClick={() => setDialog('move')}>
              {range ? `Move ${range[1] - range[0] + 1} rows to…` : `Move row ${sel + 1} to…`}
            </Button>
          )}
          {statementIndex < live.length - 1 && (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => edit({ type: 'mergeStatements', statement: statementIndex })}
            >
              Merge with next statement
            </Button>
          )}
        </div>
        {dialog === 'facts' && (
          <FactsDialog
            open
            onOpenChange={(o) => setDialog(o ? 'facts' : null)}
            statement={current}
            index={statementIndex}
            onEdit={edit}
          />
        )}
        {dialog === 'flip' && (
          <FlipDialog
            open
            onOpenChange={(o) => setDialog(o ? 'flip' : null)}
            statement={current}
            index={statementIndex}
            onEdit={edit}
          />
        )}
        <Modal
          open={dialog === 'move'}
          onOpenChange={(o) => setDialog(o ? 'move' : null)}
          title={range ? `Move ${range[1] - range[0] + 1} rows` : `Move row ${sel + 1}`}
          description="Rows of another account go to its statement, where their dates fit. You can undo it."
        >
          <ul className="space-y-2">
            {live.map((_, i) =>
              i === statementIndex ? null : (
                // biome-ignore lint/suspicious/noArrayIndexKey: statements have no id; their order is fixed
                <li key={i}>
                  <Button
                    variant="secondary"
                    className="w-full justify-start"
                    onClick={() => {
                      const rowsToMove = range
                        ? Array.from({ length: range[1] - range[0] + 1 }, (_, k) => range[0] + k)
                        : [sel];
                      edit({ type: 'moveRows', statement: statementIndex, rows: rowsToMove, to: i });
                      setDialog(null);
                    }}
                  >
                    To {tabLabel(live, i)}
                  </Button>
                </li>
              ),
            )}
          </ul>
        </Modal>
        {dialog === 'rule' && selectedRow && (
          <RuleDialog
            open
            onOpenChange={(o) => setDialog(o ? 'rule' : null)}
            description={selectedRow.description}
            accountNumber={current.statement.accountNumber}
          />
        )}
        {dialog === 'year' && (
          <YearDialog
            open
            onOpenChange={(o) => setDialog(o ? 'year' : null)}
            statement={current}
            index={statementIndex}
            selected={sel}
            onEdit={edit}
          />
        )}
        <Modal
          open={leaving !== null}
          onOpenChange={(o) => !o && setLeaving(null)}
          title="Leave without saving?"
          description={`Your edits to ${file.originalFilename} are not saved. The downloads do not include them.`}
        >
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setLeaving(null)}>
              Stay
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                const to = leaving;
                setLeaving(null);
                if (to) navigate(to, { force: true });
              }}
            >
              Leave without saving
            </Button>
            <Button
              disabled={save.isPending}
              onClick={async () => {
                const to = leaving;
                try {
                  await save.mutateAsync();
                } catch {
                  return;
                }
                setLeaving(null);
                if (to) navigate(to, { force: true });
              }}
            >
              Save and leave
            </Button>
          </div>
        </Modal>
        <Modal
          open={versionsOpen}
          onOpenChange={(o) => {
            setVersionsOpen(o);
            if (!o) setRestoring(null);
          }}
          title={restoring === null ? 'Versions' : `Restore ${versionName(restoring)}?`}
          description={
            restoring === null
              ? `Every saved state of ${file.originalFilename}; the downloads use the latest.`
              : `${restoring === 0 ? 'The original' : `Version ${restoring}`} of ${file.originalFilename} becomes the latest, as a new version; the versions after it are kept.${
                  dirty ? ' Your unsaved edits are discarded.' : ''
                }`
          }
          wide
        >
          {restoring === null ? (
            <ol className="divide-y divide-slate-200 text-sm" data-testid="version-list">
              {[...versions].reverse().map((v) => (
                <li key={v.version} className="flex items-center justify-between gap-3 py-2">
                  <span>
                    <span className="font-semibold">
                      {v.version === 0 ? 'Original' : `Version ${v.version}`}
                      {v.version === latest?.version ? ' (latest)' : ''}
                    </span>{' '}
                    <span className="text-slate-600">
                      {versionLabel(v)}, {formatWhen(v.createdAt)}
                    </span>
                  </span>
                  {v.version !== latest?.version && (
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => setRestoring(v.version)}
                      aria-label={`Restore ${v.version === 0 ? 'the original' : `version ${v.version}`}`}
                    >
                      Restore
                    </Button>
                  )}
                </li>
              ))}
            </ol>
          ) : (
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={() => setRestoring(null)}>
                Cancel
              </Button>
              <Button disabled={restore.isPending} onClick={() => restore.mutate(restoring)}>
                {restore.isPending ? 'Restoring…' : `Restore ${versionName(restoring)}`}
              </Button>
            </div>
          )}
        </Modal>
        <p className="text-xs text-slate-500" data-testid="review-version">
          {dirty
            ? 'Unsaved changes: save them to include them in the downloads.'
            : latest && latest.version > 0
              ? `Version ${latest.version} (${latest.kind === 'restore' ? 'original restored' : 'edited'} ${formatShortDate(latest.createdAt)}); the original conversion is kept.`
              : 'As converted. Edits are saved as a new version; the original is kept.'}
        </p>

        <Tabs.Root value={String(statementIndex)} onValueChange={(v) => setTab(Number(v))}>
          {live.length > 1 && (
            <Tabs.List aria-label="Statements" className="flex gap-1 overflow-x-auto border-b border-slate-200">
              {live.map((_, i) => (
                <Tabs.Trigger
                  // biome-ignore lint/suspicious/noArrayIndexKey: statements have no id; their order is fixed
                  key={i}
                  value={String(i)}
                  className="shrink-0 rounded-t-md px-3 py-2 text-sm font-semibold whitespace-nowrap text-slate-600 data-[state=active]:bg-brand-600 data-[state=active]:text-white"
                >
                  {tabLabel(live, i)}
                  {recs[i]?.status === 'unbalanced' ? ' ⚠' : ''}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
          )}
          <Tabs.Content value={String(statementIndex)} className="space-y-4 pt-3 outline-none">
            <StatementHeader
              statement={current}
              rec={recs[statementIndex] ?? { status: 'unknown', mismatches: [] }}
              onSelectRow={select}
            />
            {current.factTrace.length > 0 && (
              <details className="rounded-xl border border-slate-200 px-3 py-2 text-sm" data-testid="statement-trace">
                <summary className="cursor-pointer font-medium text-slate-700">How this statement was read</summary>
                <ul className="mt-2 list-disc space-y-0.5 pl-5 text-slate-700" data-testid="reading-summary">
                  {readingSummary(current.factTrace).map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
                <details className="mt-2" data-testid="reading-details">
                  <summary className="cursor-pointer text-xs font-medium text-slate-500">
                    Details ({current.factTrace.length} notes of the converter)
                  </summary>
                  <ul className="mt-1 list-disc space-y-0.5 pl-5 text-xs text-slate-600">
                    {current.factTrace.map((t, k) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: trace entries have no id
                      <li key={k} data-pass={t.pass}>
                        {describeTrace(t)} [{t.pass}]
                      </li>
                    ))}
                  </ul>
                </details>
              </details>
            )}
            {phone ? (
              <Cards
                rows={rows}
                currency={current.statement.currency}
                mismatches={mismatches}
                proven={proven}
                selected={sel}
                onSelect={select}
                onSet={(row, values) => {
                  for (const [field, value] of Object.entries(values))
                    edit({ type: 'set', statement: statementIndex, row, field: field as EditableField, value });
                }}
                pageUrl={query.data.pageUrl}
                source={current.source}
                dayOrder={dayOrderOf(current)}
              />
            ) : (
              // The page beside the grid only where both fit (the grid at its least width, its money
              // columns as wide as their longest value, and 22rem of page): a narrower panel puts the page
              // under the rows (flex-wrap) rather than making the grid scroll sideways. On a wide screen
              // both grow, the page by two parts to the grid's three.
              <div className="flex flex-wrap gap-4">
                <div className="space-y-2" style={{ flex: '3 1 0px', minWidth: `min(${gridMin}px, 100%)` }}>
                  <Grid
                    ref={grid}
                    label={`Rows of ${tabLabel(live, statementIndex)}`}
                    rows={rows}
                    currency={current.statement.currency}
                    mismatches={mismatches}
                    proven={proven}
                    selected={sel}
                    range={range}
                    onSelect={select}
                    draft={draft}
                    onDraft={setDraft}
                    onCommit={commitCell}
                    onMinWidth={setGridMin}
                    dayOrder={dayOrderOf(current)}
                  />
                  {selectedRow && (
                    <div
                      className="rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm"
                      aria-live="polite"
                      data-testid="row-details"
                    >
                      <p>
                        <span className="font-semibold">Row {sel + 1}</span>{' '}
                        <span className="text-slate-600">{selectedRow.date}</span>{' '}
                        <span className="break-words">{selectedRow.description || 'No description'}</span>
                      </p>
                      {(selectedRow._trace.length > 0 || selectedMismatch) && (
                        <ul className="mt-1 list-disc space-y-0.5 pl-5 text-slate-700">
                          {selectedMismatch && (
                            <li>
                              Running balance: expected {selectedMismatch.expected.toFixed(2)}, printed{' '}
                              {selectedMismatch.printed.toFixed(2)}
                            </li>
                          )}
                          {selectedRow._trace.map((t, k) => (
                            // biome-ignore lint/suspicious/noArrayIndexKey: trace entries have no id
                            <li key={k} data-pass={t.pass}>
                              {describeTrace(t)}
                            </li>
                          ))}
                        </ul>
                      )}
                    </div>
                  )}
                </div>
                {query.data.pageUrl ? (
                  <div style={{ flex: '2 1 22rem' }} className="min-w-0">
                    <PageView
                      pageUrl={query.data.pageUrl}
                      source={current.source}
                      rows={rows}
                      selected={sel}
                      onSelect={select}
                    />
                  </div>
                ) : (
                  <p className="basis-full text-xs text-slate-500">
                    This file has no pages to show: it was a spreadsheet, text or document export.
                  </p>
                )}
              </div>
            )}
          </Tabs.Content>
        </Tabs.Root>
      </section>
    );
  },
);
