import type { Vocabulary } from './types';

export const en: Vocabulary = {
  language: 'en',
  columns: {
    date: ['date', 'dates', 'day', 'txn date', 'tran date', 'trans date', 'date of transaction', 'date paid', 'completed date', 'entry date'],
    postingDate: ['posting date', 'posted date', 'post date', 'posted', 'booking date', 'date posted', 'posted on', 'process date', 'processed'],
    transactionDate: ['transaction date', 'date of transaction', 'purchase date', 'trans. date', 'activity date', 'sale date', 'started date'],
    valueDate: ['value date', 'value dt', 'val date', 'effective date', 'value'],
    description: ['description', 'details', 'transaction details', 'narration', 'narrative', 'particulars', 'transaction', 'transactions', 'payment type and details', 'memo', 'payee', 'merchant', 'activity', 'remarks', 'text', 'name', 'beneficiary', 'counterparty', 'payment details', 'information', 'transaction description', 'description of transaction', 'details of transaction', 'payment reference'],
    debit: ['debit', 'debits', 'withdrawal', 'withdrawals', 'withdrawal amt', 'paid out', 'money out', 'payments out', 'out', 'subtractions', 'payments', 'withdrawals/debits', 'dr amount', 'amount debited', 'spent', 'outflow', 'charges and payments out'],
    credit: ['credit', 'credits', 'deposit', 'deposits', 'deposit amt', 'paid in', 'money in', 'payments in', 'in', 'additions', 'receipts', 'deposits/credits', 'cr amount', 'amount credited', 'received', 'inflow', 'lodgements'],
    amount: ['amount', 'amounts', 'amt', 'transaction amount', 'net amount', 'value amount', 'sum', 'net'],
    balance: ['balance', 'balances', 'running balance', 'closing balance', 'ledger balance', 'available balance', 'account balance', 'book balance', 'daily balance', 'ending daily balance', 'bal', 'running bal', 'balance after'],
    reference: ['reference', 'ref', 'ref no', 'reference no', 'reference number', 'cheque no', 'cheque number', 'check number', 'check no', 'check', 'cheque', 'chq', 'chq no', 'chq/ref no', 'document', 'doc no', 'transaction id', 'txn id', 'serial no', 'instrument id', 'number', 'no', 'num', 'voucher', 'receipt no', 'auth code'],
    sign: ['dr/cr', 'cr/dr', 'd/c', 'c/d', 'db/cr', 'debit/credit', 'credit/debit', 'type dr/cr', 'dr cr', '+/-', 'sign'],
    unused: ['fee', 'fees', 'charges', 'bank charges', 'accrued bank charges', 'commission', 'foreign amount', 'foreign currency', 'original amount', 'orig amount', 'local amount', 'exchange rate', 'rate', 'fx rate', 'fx', 'category', 'channel', 'code', 'transaction code', 'tran code', 'txn code', 'type', 'transaction type', 'time', 'branch', 'status', 'currency', 'card', 'card number', 'points', 'rewards', 'account', 'account number', 'product', 'state', 'location', 'tax'],
  },
  rows: {
    opening: ['previous statement balance', 'balance from last statement', 'balance as of', 'balance as at', 'balance on', 'opening balance', 'beginning balance', 'starting balance', 'previous balance', 'balance brought forward', 'brought forward', 'balance b/f', 'b/f', 'balance forward', 'last statement balance', 'balance from previous statement', 'prior balance', 'start balance', 'balance last statement', 'balance at start', 'initial balance'],
    closing: ['amount due', 'total amount due', 'total due', 'balance due', 'current balance', 'balance as of', 'balance as at', 'balance on', 'closing balance', 'ending balance', 'new balance', 'final balance', 'balance carried forward', 'carried forward', 'balance c/f', 'c/f', 'statement balance', 'balance at end', 'end balance', 'balance to carry forward', 'closing bal', 'total balance due'],
    total: ['total', 'totals', 'day total', 'subtotal', 'sub-total', 'sub total', 'total debits', 'total credits', 'total withdrawals', 'total deposits', 'daily total', 'page total', 'grand total', 'total for'],
  },
  signs: { debit: ['dr', 'd', 'db', 'debit', '-', 'od'], credit: ['cr', 'c', 'credit', '+'] },
  facts: {
    period: ['statement period', 'period', 'for the period', 'statement from', 'billing period', 'period covered', 'statement dates', 'from'],
    rangeJoin: ['to', 'through', 'thru', 'till', 'until', '-', '–', '—'],
    rangeFrom: ['from', 'for the period', 'period'],
    statementDate: ['statement date', 'date of statement', 'issue date', 'date issued', 'printed on', 'closing date', 'statement closing date', 'as of', 'as at'],
    account: ['account number', 'account no', 'account', 'acct', 'a/c', 'a/c no', 'iban', 'card number', 'card no', 'member number', 'account #'],
    holder: ['account holder', 'account name', 'name', 'customer name', 'holder', 'prepared for'],
    card: ['minimum payment', 'minimum amount due', 'minimum payment due', 'payment due date', 'credit limit', 'available credit', 'credit line', 'card statement', 'credit card', 'cash advance limit'],
    overdrawn: ['od', 'overdrawn', 'dr', 'debit balance'],
    currency: ['all amounts in', 'amounts in', 'amounts shown in', 'currency', 'account currency'],
  },
  notStatement: ['invoice', 'tax invoice', 'invoice number', 'invoice no', 'bill to', 'ship to', 'quantity', 'qty', 'unit price', 'subtotal', 'vat', 'receipt', 'purchase order', 'quote', 'quotation', 'delivery note', 'amount due', 'payment terms', 'due date', 'remit to'],
};
