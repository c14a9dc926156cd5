import { AppError } from '@statemint/shared';
import type { LayoutDocument } from '../layout/model';

export async function readXlsx(_bytes: Uint8Array): Promise<LayoutDocument> {
  throw new AppError('NOT_IMPLEMENTED', 'the xlsx reader is not implemented yet');
}
