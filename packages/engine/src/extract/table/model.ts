/** The table model the table stage builds and the row stage reads. */

import type { HorizontalRule } from '../../layout/model';
import type { TokenLine } from '../tokens/tokenise';
import type { LabelReading } from '../vocabulary';

export type ColumnKind = 'date' | 'money' | 'sign' | 'text' | 'time' | 'empty';

/** What a column holds, decided from its cells, its label and (for money) reconciliation. */
export type ColumnRole =
  | 'date'
  | 'secondDate'
  | 'description'
  | 'reference'
  | 'sign'
  | 'debit'
  | 'credit'
  | 'amount'
  | 'balance'
  | 'other';

export interface Column {
  /** Left to right within its region. */
  index: number;
  x0: number;
  x1: number;
  kind: ColumnKind;
  /** Header text over the column ('' where the page prints none). */
  label: string;
  /** What the label's words may name, most specific first. */
  readings: LabelReading[];
  role: ColumnRole;
  /** Cells in the column (how many body lines have a token in it). */
  filled: number;
}

/** A table on one page: its header lines, its body lines and its columns. */
export interface Region {
  page: number;
  header: TokenLine[];
  lines: TokenLine[];
  columns: Column[];
  /** Typical line pitch of the region (baseline to baseline), in page units. */
  pitch: number;
  /** Typical text size. */
  size: number;
  source: 'pdf' | 'ocr' | 'grid' | 'text';
  /** The posting-date column (index), where the region has a date column. */
  postingDate?: number;
  /** A title printed right above the region ("Deposits and additions"), where there is one. */
  title?: string;
  /** Horizontal rules across most of the region's width (a ruled table's row separators). */
  rules?: HorizontalRule[];
}

/** A table: its regions over one or more pages, with the same columns. */
export interface Table {
  id: number;
  regions: Region[];
}
