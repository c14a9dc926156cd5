/**
 * Schemas of the review screen's routes (issue 14): a file's statements and their versions, a
 * saved version, a retry with a PDF's password. Checked against the interfaces of review.ts and
 * statement.ts like the others (schemas.ts).
 */
import { type Static, Type } from '@sinclair/typebox';
import { REVIEW_LIMITS, type SavedVersionResponse, type StatementsResponse } from '../review';
import type { Statement, StatementFacts, TraceEntry } from '../statement';
import { type Assert, FileRecordSchema, literals, Nullable, type Same, TransactionSchema } from './schemas';

const text = () => Type.String({ maxLength: REVIEW_LIMITS.textLength });
const money = () => Nullable(Type.Number());

const FactsObject = Type.Object({
  bankName: Nullable(text()),
  accountHolder: Nullable(text()),
  accountNumber: Nullable(text()),
  currency: Nullable(Type.String({ maxLength: 8 })),
  periodStart: Nullable(Type.String({ maxLength: 10 })),
  periodEnd: Nullable(Type.String({ maxLength: 10 })),
  openingBalance: money(),
  closingBalance: money(),
});
export type _Facts = Assert<Same<Static<typeof FactsObject>, StatementFacts>>;

const TraceObject = Type.Object({
  pass: text(),
  row: Type.Optional(Type.Integer()),
  field: text(),
  from: Type.Union([text(), Type.Number(), Type.Null()]),
  to: Type.Union([text(), Type.Number(), Type.Null()]),
  why: text(),
});
export type _Trace = Assert<Same<Static<typeof TraceObject>, TraceEntry>>;

const StatementObject = Type.Object(
  {
    statement: FactsObject,
    transactions: Type.Array(TransactionSchema, { maxItems: REVIEW_LIMITS.transactions }),
    reconciliation: Type.Object({
      status: literals(['balanced', 'unbalanced', 'unknown'] as const),
      mismatches: Type.Array(Type.Object({ row: Type.Integer(), expected: Type.Number(), printed: Type.Number() })),
    }),
    issues: Type.Optional(
      Type.Array(
        Type.Object({
          code: text(),
          message: text(),
          page: Type.Optional(Type.Integer()),
          row: Type.Optional(Type.Integer()),
        }),
        { maxItems: 1000 },
      ),
    ),
    source: Type.Optional(text()),
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

const SavedVersionObject = Type.Object({ version: Type.Integer(), file: FileRecordSchema });
export type _Saved = Assert<Same<Static<typeof SavedVersionObject>, SavedVersionResponse>>;
export const SavedVersionSchema = SavedVersionObject;
