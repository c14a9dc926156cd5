/**
 * Rules that learn (issue 27): "always call AMZN Mktp 'Amazon', category Office", made from the
 * selected row of the review. The rule is the account's: every later conversion of that bank
 * account (or of every account) carries the payee and category, and the CSV, QIF and QBO put them
 * in their payee and category fields. The dialog lists the rules made so far, each deletable.
 */
import { type PayeeRule, ROUTES, RULE_LIMITS } from '@statemint/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { callApi } from '../api/client';
import { ApiError } from '../api/errors';
import { toast } from '../components/toast';
import { Button, Field, Modal } from '../components/ui';

const RULES_KEY = ['/api/rules'] as const;

/** The words of a description worth matching: the text before a run of digits or a reference. */
function suggestedMatch(description: string): string {
  const words = description.replace(/\s+/g, ' ').trim().split(' ');
  const kept: string[] = [];
  for (const w of words) {
    if (kept.length >= 2 && /\d/.test(w)) break;
    kept.push(w);
    if (kept.length === 3) break;
  }
  return kept.join(' ').slice(0, RULE_LIMITS.text);
}

function describeRule(r: PayeeRule): string {
  const what = [r.payee && `call it '${r.payee}'`, r.category && `category ${r.category}`].filter(Boolean).join(', ');
  return `'${r.match}': ${what}${r.accountNumber ? ` (account ${r.accountNumber})` : ' (every account)'}`;
}

export function RuleDialog({
  open,
  onOpenChange,
  description,
  accountNumber,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  description: string;
  accountNumber: string | null;
}) {
  const queryClient = useQueryClient();
  const [match, setMatch] = useState(() => suggestedMatch(description));
  const [payee, setPayee] = useState('');
  const [category, setCategory] = useState('');
  const [onlyAccount, setOnlyAccount] = useState(accountNumber !== null);
  const [errors, setErrors] = useState<{ match?: string; payee?: string }>({});
  /** A field's error goes once the field is changed. */
  const clear = (field: 'match' | 'payee') =>
    setErrors((e) => {
      const { [field]: _gone, ...rest } = e;
      return rest;
    });
  const rules = useQuery({ queryKey: RULES_KEY, queryFn: () => callApi(ROUTES.listRules), enabled: open });

  const create = useMutation({
    mutationFn: () =>
      callApi(ROUTES.createRule, {
        body: {
          accountNumber: onlyAccount ? accountNumber : null,
          match: match.trim(),
          payee: payee.trim() || null,
          category: category.trim() || null,
        },
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: RULES_KEY });
      toast({
        title: 'Rule saved',
        description: 'Your next conversions of this account use it, in every download.',
        variant: 'success',
      });
      onOpenChange(false);
    },
    onError: (e) => {
      if (e instanceof ApiError && (e.field === 'match' || e.field === 'payee'))
        setErrors({ [e.field]: e.serverMessage ?? e.message });
      else toast({ title: 'The rule was not saved', description: String((e as Error).message), variant: 'error' });
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => callApi(ROUTES.deleteRule, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RULES_KEY }),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problems: { match?: string; payee?: string } = {};
    if (match.trim().length < RULE_LIMITS.minMatch)
      problems.match = `Write at least ${RULE_LIMITS.minMatch} characters the descriptions hold.`;
    if (!payee.trim() && !category.trim()) problems.payee = 'Give the rule a payee, a category or both.';
    setErrors(problems);
    if (Object.keys(problems).length === 0) create.mutate();
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Make a rule"
      description="Rows whose description holds these words get this payee and category in your next conversions and every download (CSV, QIF, QBO)."
      wide
    >
      <form onSubmit={submit} noValidate className="space-y-3" aria-label="New rule">
        <Field
          label="Descriptions holding"
          value={match}
          maxLength={RULE_LIMITS.text}
          error={errors.match}
          hint={`From: ${description}`}
          onChange={(e) => {
            setMatch(e.target.value);
            clear('match');
          }}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            label="Call the payee"
            value={payee}
            maxLength={RULE_LIMITS.text}
            error={errors.payee}
            placeholder="Amazon"
            onChange={(e) => {
              setPayee(e.target.value);
              clear('payee');
            }}
          />
          <Field
            label="Category"
            value={category}
            maxLength={RULE_LIMITS.text}
            placeholder="Office"
            onChange={(e) => {
              setCategory(e.target.value);
              clear('payee');
            }}
          />
        </div>
        {accountNumber !== null && (
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" checked={onlyAccount} onChange={(e) => setOnlyAccount(e.target.checked)} />
            Only for account {accountNumber}
          </label>
        )}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Saving…' : 'Save rule'}
          </Button>
        </div>
      </form>
      {(rules.data?.length ?? 0) > 0 && (
        <section aria-label="Your rules" className="mt-5 border-t border-slate-200 pt-3">
          <h3 className="text-sm font-semibold text-slate-700">Your rules</h3>
          <ul className="mt-2 space-y-1 text-sm">
            {rules.data?.map((r) => (
              <li key={r.id} className="flex items-center justify-between gap-2">
                <span className="min-w-0 break-words">{describeRule(r)}</span>
                <button
                  type="button"
                  className="shrink-0 text-slate-600 underline"
                  aria-label={`Delete the rule for '${r.match}'`}
                  onClick={() => remove.mutate(r.id)}
                >
                  Delete
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </Modal>
  );
}
