/**
 * Statement-level fixes of the review (issue 27): the header's facts, every sign of a card statement,
 * the year of its dates. Each dialog shows what the fix will do (the balance check it leads to, the
 * first date before and after) and hands one edit to the screen's history, so each one is undone
 * as a whole.
 */
import {
  balanceVerdict,
  changeYear,
  FACT_FIELDS,
  FACT_LABELS,
  type FlipTarget,
  factProblem,
  flipSigns,
  reconcileStatement,
  type StatementFacts,
} from '@statemint/shared';
import { useState } from 'react';
import { Button, Field, Modal } from '../components/ui';
import { type DocStatement, type Edit, parseMoney } from './model';

const MONEY_FACTS = new Set<keyof StatementFacts>(['openingBalance', 'closingBalance']);

function factText(f: StatementFacts, field: keyof StatementFacts): string {
  const v = f[field];
  if (v === null || v === undefined) return '';
  return typeof v === 'number' ? v.toFixed(2) : v;
}

/** What every statement-level fix dialog is given: its statement (and index) and where the edit goes. */
interface FixDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  statement: DocStatement;
  index: number;
  onEdit: (edit: Edit) => void;
}

/** Edit every header field: bank, account, holder, currency, period, opening and closing balance. */
export function FactsDialog({ open, onOpenChange, statement, index, onEdit }: FixDialogProps) {
  const f = statement.statement;
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const text = (field: keyof StatementFacts) => texts[field] ?? factText(f, field);

  const apply = () => {
    const facts: Partial<StatementFacts> = {};
    const problems: Record<string, string> = {};
    for (const field of FACT_FIELDS) {
      if (texts[field] === undefined) continue;
      const raw = (texts[field] ?? '').trim();
      let value: string | number | null = raw === '' ? null : raw;
      if (MONEY_FACTS.has(field) && raw !== '') value = parseMoney(raw);
      if (field === 'currency' && typeof value === 'string') value = value.toUpperCase();
      const problem = factProblem(field, value);
      if (problem) problems[field] = problem;
      else if (value !== f[field]) (facts as Record<string, string | number | null>)[field] = value;
    }
    setErrors(problems);
    if (Object.keys(problems).length) return;
    if (Object.keys(facts).length) onEdit({ type: 'facts', statement: index, facts });
    setTexts({});
    onOpenChange(false);
  };

  return (
    <Modal
      open={open}
      onOpenChange={(o) => {
        if (!o) {
          setTexts({});
          setErrors({});
        }
        onOpenChange(o);
      }}
      title="Statement details"
      description="Correct what was read from the statement's header. The balance check follows your changes."
      wide
    >
      <form
        aria-label="Statement details"
        className="grid gap-3 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
      >
        {FACT_FIELDS.map((field) => (
          <Field
            key={field}
            label={FACT_LABELS[field]}
            value={text(field)}
            error={errors[field]}
            inputMode={MONEY_FACTS.has(field) ? 'decimal' : undefined}
            placeholder={field.startsWith('period') ? 'YYYY-MM-DD' : field === 'currency' ? 'USD' : undefined}
            onChange={(e) => setTexts((t) => ({ ...t, [field]: e.target.value }))}
          />
        ))}
        <div className="flex justify-end gap-2 sm:col-span-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit">Apply</Button>
        </div>
      </form>
    </Modal>
  );
}

const FLIP_CHOICES: Array<{ target: FlipTarget; label: string; hint: string }> = [
  { target: 'amounts', label: 'The amounts', hint: 'Charges become money out, payments money in.' },
  {
    target: 'balances',
    label: 'The balances',
    hint: 'Running, opening and closing balances: what you owe as negative.',
  },
  { target: 'both', label: 'Amounts and balances', hint: 'Every number changes its sign.' },
];

/** "This is a card statement: flip every sign", with each choice's balance check shown before it is applied. */
export function FlipDialog({ open, onOpenChange, statement, index, onEdit }: FixDialogProps) {
  const verdicts = FLIP_CHOICES.map((c) => reconcileStatement(flipSigns(statement, c.target)));
  const balancing = FLIP_CHOICES.findIndex((_, i) => verdicts[i]?.status === 'balanced');
  const [picked, setPicked] = useState<FlipTarget | null>(null);
  const target = picked ?? FLIP_CHOICES[Math.max(0, balancing)]?.target ?? 'amounts';
  return (
    <Modal
      open={open}
      onOpenChange={(o) => {
        if (!o) setPicked(null);
        onOpenChange(o);
      }}
      title="This is a card statement: flip every sign"
      description="A card statement read as a bank account shows charges as money in. Choose what to flip; you can undo it."
    >
      <form
        aria-label="Flip signs"
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          onEdit({ type: 'flip', statement: index, target });
          setPicked(null);
          onOpenChange(false);
        }}
      >
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-700">Flip</legend>
          {FLIP_CHOICES.map((c, i) => {
            const rec = verdicts[i];
            return (
              <label
                key={c.target}
                className="flex cursor-pointer gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-brand-600"
              >
                <input
                  type="radio"
                  name="flip"
                  value={c.target}
                  checked={target === c.target}
                  onChange={() => setPicked(c.target)}
                  className="mt-1"
                />
                <span className="text-sm">
                  <span className="font-semibold">{c.label}</span>
                  <span className="block text-slate-600">{c.hint}</span>
                  <span
                    className={`block text-xs font-semibold ${rec?.status === 'balanced' ? 'text-brand-700' : 'text-slate-500'}`}
                    data-testid={`flip-verdict-${c.target}`}
                  >
                    Then: {rec ? balanceVerdict(rec) : ''}
                  </span>
                </span>
              </label>
            );
          })}
        </fieldset>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit">Flip signs</Button>
        </div>
      </form>
    </Modal>
  );
}

const YEAR_STEPS = [-3, -2, -1, 1, 2, 3];

/** "Change the year": every date (and the period) or the dates from the selected row on, by whole years. */
export function YearDialog({
  open,
  onOpenChange,
  statement,
  index,
  selected,
  onEdit,
}: FixDialogProps & { selected: number }) {
  const rows = statement.transactions;
  const firstDate = rows[0]?.date ?? '';
  const firstYear = Number(firstDate.slice(0, 4)) || new Date().getFullYear();
  const [year, setYear] = useState<number | null>(null);
  const [scope, setScope] = useState<'all' | 'from'>('all');
  const from = scope === 'all' ? 0 : selected;
  const startYear = Number(rows[from]?.date.slice(0, 4)) || firstYear;
  const target = year ?? startYear + 1;
  const years = target - startYear;
  const preview = changeYear(statement, years, from).transactions[from];
  const close = (o: boolean) => {
    if (!o) {
      setYear(null);
      setScope('all');
    }
    onOpenChange(o);
  };
  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Change the year"
      description="Dates whose year was misread move by whole years; days and months stay as printed."
    >
      <form
        aria-label="Change the year"
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (years !== 0) onEdit({ type: 'year', statement: index, years, from });
          close(false);
        }}
      >
        <fieldset className="space-y-1 text-sm">
          <legend className="font-medium text-slate-700">Which dates</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="scope" checked={scope === 'all'} onChange={() => setScope('all')} />
            Every date, and the statement period
          </label>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="scope"
              checked={scope === 'from'}
              disabled={selected <= 0}
              onChange={() => setScope('from')}
            />
            From row {selected + 1} ({rows[selected]?.date ?? '–'}) on
          </label>
        </fieldset>
        <div>
          <label htmlFor="review-year" className="block text-sm font-medium text-slate-700">
            New year of row {from + 1}
          </label>
          <select
            id="review-year"
            value={target}
            onChange={(e) => setYear(Number(e.target.value))}
            className="mt-1 rounded-lg border border-slate-300 px-3 py-2 text-sm"
          >
            {YEAR_STEPS.map((d) => (
              <option key={d} value={startYear + d}>
                {startYear + d}
              </option>
            ))}
          </select>
        </div>
        <p className="text-sm text-slate-600" data-testid="year-preview">
          Row {from + 1}: {rows[from]?.date ?? '–'} → {preview?.date ?? '–'}
          {years !== 0 &&
            ` (${years > 0 ? '+' : ''}${years} year${Math.abs(years) === 1 ? '' : 's'} on ${
              rows.length - from
            } row${rows.length - from === 1 ? '' : 's'})`}
        </p>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit">Change the year</Button>
        </div>
      </form>
    </Modal>
  );
}
