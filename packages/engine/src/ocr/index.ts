import { AppError } from '@statemint/shared';
import type { LayoutDocument } from '../layout/model';
import type { InputKind } from '../readers/detect';

/** Recognises an image file (every page of a multi-page TIFF) into the layout model. */
export async function ocrImage(
  _bytes: Uint8Array,
  _kind: InputKind,
  _opts: { deadline: number },
): Promise<LayoutDocument> {
  throw new AppError('NEEDS_OCR', 'Scanned images need OCR, which is not available yet.');
}
