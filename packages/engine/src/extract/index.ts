import { AppError, type Statement } from '@statemint/shared';
import type { LayoutDocument } from '../layout/model';

export interface ExtractOptions {
  deadline: number;
}

/** Layout model -> tables -> rows -> values -> statements -> reconciliation. */
export function extractStatements(_doc: LayoutDocument, _opts: ExtractOptions): Statement[] {
  throw new AppError('NOT_IMPLEMENTED', 'extraction is not implemented yet');
}
