import { AppError } from '@statemint/shared';
import type { LayoutDocument } from '../layout/model';

export async function readDoc(_bytes: Uint8Array): Promise<LayoutDocument> {
  throw new AppError('NOT_IMPLEMENTED', 'the doc reader is not implemented yet');
}
