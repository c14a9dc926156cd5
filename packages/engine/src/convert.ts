import { AppError, type Statement } from '@statemint/shared';

export interface ConvertOptions {
  fileName?: string;
  password?: string | undefined;
}

export async function convert(_bytes: Uint8Array, _options: ConvertOptions = {}): Promise<Statement[]> {
  throw new AppError('NOT_IMPLEMENTED', 'conversion is not implemented yet');
}
