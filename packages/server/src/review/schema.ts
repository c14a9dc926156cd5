/** JSON schemas of the review routes' bodies (Fastify validates them before the handler runs). */
import { REVIEW_LIMITS } from '@statemint/shared';

const text = { type: 'string', maxLength: REVIEW_LIMITS.textLength } as const;
const nullableText = { type: ['string', 'null'], maxLength: REVIEW_LIMITS.textLength } as const;
const money = { type: 'number' } as const;
const nullableMoney = { type: ['number', 'null'] } as const;

const transaction = {
  type: 'object',
  required: ['date', 'description', 'amount', 'page'],
  additionalProperties: false,
  properties: {
    date: { type: 'string', maxLength: 10 },
    sourceDate: text,
    description: text,
    credit: nullableMoney,
    debit: nullableMoney,
    amount: money,
    balance: nullableMoney,
    reference: nullableText,
    page: { type: 'integer', minimum: 0, maximum: 100_000 },
    confidence: { type: 'number', minimum: 0, maximum: 1 },
    corrected: { type: 'boolean' },
    bbox: {
      type: 'object',
      additionalProperties: false,
      required: ['page', 'x', 'y', 'width', 'height', 'pageWidth', 'pageHeight'],
      properties: {
        page: { type: 'integer' },
        x: money,
        y: money,
        width: money,
        height: money,
        pageWidth: money,
        pageHeight: money,
      },
    },
  },
} as const;

const statement = {
  type: 'object',
  required: ['statement', 'transactions'],
  additionalProperties: false,
  properties: {
    statement: {
      type: 'object',
      additionalProperties: false,
      properties: {
        bankName: nullableText,
        accountHolder: nullableText,
        accountNumber: nullableText,
        currency: { type: ['string', 'null'], maxLength: 8 },
        periodStart: { type: ['string', 'null'], maxLength: 10 },
        periodEnd: { type: ['string', 'null'], maxLength: 10 },
        openingBalance: nullableMoney,
        closingBalance: nullableMoney,
      },
    },
    transactions: { type: 'array', maxItems: REVIEW_LIMITS.transactions, items: transaction },
    reconciliation: { type: 'object' },
    issues: {
      type: 'array',
      maxItems: 1000,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['code', 'message'],
        properties: { code: text, message: text, page: { type: 'integer' }, row: { type: 'integer' } },
      },
    },
    source: text,
    trace: {
      type: 'array',
      maxItems: 100_000,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['pass', 'field', 'why'],
        properties: {
          pass: text,
          row: { type: 'integer' },
          field: text,
          from: { anyOf: [{ type: 'string', maxLength: REVIEW_LIMITS.textLength }, { type: 'number' }, { type: 'null' }] },
          to: { anyOf: [{ type: 'string', maxLength: REVIEW_LIMITS.textLength }, { type: 'number' }, { type: 'null' }] },
          why: text,
        },
      },
    },
  },
} as const;

export const saveStatementsBody = {
  type: 'object',
  required: ['baseVersion', 'statements'],
  additionalProperties: false,
  properties: {
    baseVersion: { type: 'integer', minimum: 0 },
    statements: { type: 'array', minItems: 1, maxItems: REVIEW_LIMITS.statements, items: statement },
  },
} as const;

/** Edited statements of 50,000 rows stay well under this. */
export const SAVE_BODY_LIMIT = 32 * 1024 * 1024;
