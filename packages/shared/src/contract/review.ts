/**
 * Schemas of the review screen's routes (issue 14): a file's statements and their versions, a
 * saved version, a retry with a PDF's password. Checked against the interfaces of review.ts and
 * statement.ts like the others (schemas.ts).
 */
import { type Static, Type } from '@sinclair/typebox';
import { REVIEW_LIMITS, type SavedVersionResponse, type StatementsResponse } from '../review';
import type { RowCopy, RowSent, StatementPatch } from '../review-patch';
import type { ConversionIssue, Statement, StatementFacts, TraceEntry, Transaction } from '../statement';
import { type Assert, FileRecordSchema, literals, Nullable, type Same } from './schemas';

const text = () => Type.String({ maxLength: REVIEW_LIMITS.textLength });
// Nullable keeps a null balance null (and a null bank null) through the server's coercing validator.
const money = () => Nullable(Type.Number());
const nullableText = (maxLength: number = REVIEW_LIMITS.textLength) => Nullable(Type.String({ maxLength }));

const BoxObject = Type.Object({
  page: Type.Integer(),
  x: Type.Number(),
  y: Type.Number(),
  width: Type.Number(),
  height: Type.Number(),
  pageWidth: Type.Number(),
  pageHeight: Type.Number(),
});

const TransactionObject = Type.Object({
  date: Type.String({ maxLength: 10 }),
  sourceDate: text(),
  description: text(),
  credit: money(),
  debit: money(),
  amount: Type.Number(),
  balance: money(),
  reference: nullableText(),
  page: Type.Integer({ minimum: 0, maximum: 100_000 }),
  confidence: Type.Optional(Type.Number()),
  corrected: Type.Optional(Type.Boolean()),
  bbox: Type.Optional(BoxObject),
  payee: Type.Optional(text()),
  category: Type.Optional(text()),
});
export type _ReviewTransaction = Assert<Same<Static<typeof TransactionObject>, Transaction>>;

const FactsObject = Type.Object({
  bankName: nullableText(),
  accountHolder: nullableText(),
  accountNumber: nullableText(),
  currency: nullableText(8),
  periodStart: nullableText(10),
  periodEnd: nullableText(10),
  openingBalance: money(),
  closingBalance: money(),
});
export type _Facts = Assert<Same<Static<typeof FactsObject>, StatementFacts>>;

const TraceObject = Type.Object({
  pass: text(),
  row: Type.Optional(Type.Integer()),
  field: text(),
  from: Type.Unsafe<string | number | null>({
    type: ['string', 'number', 'null'],
    maxLength: REVIEW_LIMITS.textLength,
  }),
  to: Type.Unsafe<string | number | null>({ type: ['string', 'number', 'null'], maxLength: REVIEW_LIMITS.textLength }),
  why: text(),
});
export type _Trace = Assert<Same<Static<typeof TraceObject>, TraceEntry>>;

const IssueObject = Type.Object({
  code: text(),
  message: text(),
  page: Type.Optional(Type.Integer()),
  row: Type.Optional(Type.Integer()),
});
export type _Issue = Assert<Same<Static<typeof IssueObject>, ConversionIssue>>;

const StatementObject = Type.Object(
  {
    statement: FactsObject,
    transactions: Type.Array(TransactionObject, { maxItems: REVIEW_LIMITS.transactions }),
    reconciliation: Type.Object({
      status: literals(['balanced', 'unbalanced', 'unknown'] as const),
      mismatches: Type.Array(
        Type.Object({
          row: Type.Integer(),
          expected: Type.Number(),
          printed: Type.Number(),
          check: Type.Optional(literals(['credits', 'debits'] as const)),
        }),
      ),
    }),
    issues: Type.Optional(Type.Array(IssueObject, { maxItems: 1000 })),
    source: Type.Optional(text()),
    printedTotals: Type.Optional(Type.Object({ credits: money(), debits: money() })),
    trace: Type.Optional(Type.Array(TraceObject, { maxItems: 100_000 })),
  },
  { title: 'Statement' },
);
export type _Statement = Assert<Same<Static<typeof StatementObject>, Statement>>;
export const StatementSchema = StatementObject;

const VersionObject = Type.Object({
  version: Type.Integer(),
  kind: literals(['conversion', 'edit', 'restore'] as const),
  createdAt: Type.String({ format: 'date-time' }),
  restoredFrom: Type.Optional(Nullable(Type.Integer())),
});

const StatementsResponseObject = Type.Object({
  version: Type.Integer({ description: 'The latest version (0: the conversion)' }),
  versions: Type.Array(VersionObject),
  statements: Type.Array(StatementObject),
  pageUrl: Nullable(
    Type.String({ description: 'Page pictures: replace {page}; add &source= for a ZIP entry. Null: no pages.' }),
  ),
});
export type _Statements = Assert<Same<Static<typeof StatementsResponseObject>, StatementsResponse>>;
export const StatementsResponseSchema = StatementsResponseObject;

export const SaveStatementsBodySchema = Type.Object({
  baseVersion: Type.Integer({ minimum: 0, description: 'The version the edits started from' }),
  statements: Type.Array(StatementObject, { minItems: 1, maxItems: REVIEW_LIMITS.statements }),
});

const RowCopyObject = Type.Object({
  copy: Type.Object(
    {
      statement: Type.Integer({ minimum: 0 }),
      from: Type.Integer({ minimum: 0 }),
      count: Type.Integer({ minimum: 1, maximum: REVIEW_LIMITS.transactions }),
    },
    { description: "Rows from, from + 1, ... of a base version's statement (0-based), as they were" },
  ),
});
export type _RowCopy = Assert<Same<Static<typeof RowCopyObject>, RowCopy>>;

const RowSentObject = Type.Object({
  row: TransactionObject,
  trace: Type.Optional(Type.Array(TraceObject, { maxItems: 1000 })),
  issues: Type.Optional(Type.Array(IssueObject, { maxItems: 1000 })),
});
export type _RowSent = Assert<Same<Static<typeof RowSentObject>, RowSent>>;

const StatementPatchObject = Type.Object(
  {
    statement: FactsObject,
    source: Type.Optional(text()),
    traceFrom: Type.Optional(
      Type.Integer({
        minimum: 0,
        description: 'The base statement whose notes about the statement as a whole this one keeps',
      }),
    ),
    trace: Type.Optional(Type.Array(TraceObject, { maxItems: 100_000 })),
    issuesFrom: Type.Optional(Type.Integer({ minimum: 0 })),
    issues: Type.Optional(Type.Array(IssueObject, { maxItems: 1000 })),
    rows: Type.Array(Type.Union([RowCopyObject, RowSentObject]), { maxItems: REVIEW_LIMITS.transactions }),
  },
  { title: 'StatementPatch' },
);
export type _StatementPatch = Assert<Same<Static<typeof StatementPatchObject>, StatementPatch>>;

export const PatchStatementsBodySchema = Type.Object({
  baseVersion: Type.Integer({ minimum: 0, description: 'The version the edits started from' }),
  statements: Type.Array(StatementPatchObject, { minItems: 1, maxItems: REVIEW_LIMITS.statements }),
});

const SavedVersionObject = Type.Object({
  version: Type.Integer(),
  versions: Type.Array(VersionObject),
  file: FileRecordSchema,
});
export type _Saved = Assert<Same<Static<typeof SavedVersionObject>, SavedVersionResponse>>;
export const SavedVersionSchema = SavedVersionObject;
