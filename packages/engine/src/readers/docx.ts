import { AppError } from '@statemint/shared';
import type { LayoutDocument } from '../layout/model';

export async function readDocx(_bytes: Uint8Array): Promise<LayoutDocument> {
  throw new AppError('NOT_IMPLEMENTED', 'the docx reader is not implemented yet');
}
