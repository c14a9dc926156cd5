import { AppError } from '@statemint/shared';
import type { LayoutDocument } from '../layout/model';

export async function readPdf(
  _bytes: Uint8Array,
  _opts: { password?: string | undefined; deadline: number },
): Promise<LayoutDocument> {
  throw new AppError('NOT_IMPLEMENTED', 'the pdf reader is not implemented yet');
}
