import { AppError } from '@statemint/shared';
import type { LayoutDocument } from '../layout/model';

export async function readCsv(_bytes: Uint8Array): Promise<LayoutDocument> {
  throw new AppError('NOT_IMPLEMENTED', 'the csv reader is not implemented yet');
}

export async function readTxt(_bytes: Uint8Array): Promise<LayoutDocument> {
  throw new AppError('NOT_IMPLEMENTED', 'the txt reader is not implemented yet');
}
