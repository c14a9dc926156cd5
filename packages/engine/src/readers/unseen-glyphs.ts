/**
 * Glyphs a viewer does not show: drawn in white (a bank prints a digit or a bracket in white
 * beside each amount, "7" before "0.04", so that copied text differs from what is seen). The text
 * layer holds them like any other glyph; the operator list says how each is painted. White text on
 * a dark band (a table header) is white too, so the reader only leaves such glyphs out on request
 * (convert.ts asks where a statement does not add up, and keeps the reading that adds up better).
 */
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { loadPdfJs } from './pdfjs';

export interface PaintedGlyph {
  text: string;
  shown: boolean;
}

const WHITE = /^#f[a-f0-9]f[a-f0-9]f[a-f0-9]$/i;
/** Text rendering modes that paint by stroking only (1, 5); 3 and 7 paint nothing, as an OCR layer's text. */
const STROKE_ONLY = new Set([1, 5]);

/** The page's glyphs in drawing order, each with whether it is painted in a colour a viewer shows on paper. */
export async function paintedGlyphs(page: PDFPageProxy): Promise<PaintedGlyph[]> {
  const { OPS } = await loadPdfJs();
  const ops = await page.getOperatorList();
  let state = { fill: '#000000', stroke: '#000000', mode: 0 };
  const stack: (typeof state)[] = [];
  const out: PaintedGlyph[] = [];
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i];
    const args = ops.argsArray[i] as unknown[] | null;
    if (fn === OPS.save) stack.push(state);
    else if (fn === OPS.restore) state = stack.pop() ?? state;
    else if (fn === OPS.setFillRGBColor && typeof args?.[0] === 'string') state = { ...state, fill: args[0] };
    else if (fn === OPS.setStrokeRGBColor && typeof args?.[0] === 'string') state = { ...state, stroke: args[0] };
    else if (fn === OPS.setTextRenderingMode && typeof args?.[0] === 'number') state = { ...state, mode: args[0] };
    else if ((fn === OPS.showText || fn === OPS.showSpacedText) && Array.isArray(args?.[0])) {
      const colour = STROKE_ONLY.has(state.mode) ? state.stroke : state.fill;
      const shown = !WHITE.test(colour);
      for (const g of args[0] as unknown[])
        if (g && typeof g === 'object' && 'unicode' in g && typeof g.unicode === 'string' && g.unicode)
          out.push({ text: g.unicode.normalize('NFKC'), shown });
    }
  }
  return out;
}

/**
 * A text item's string without the glyphs not shown, and the share of its width they take at its
 * start and at its end. `at` walks the page's glyphs along with the items (both in drawing order).
 */
export function shownText(
  str: string,
  glyphs: PaintedGlyph[],
  at: { i: number },
): { text: string; lead: number; trail: number } | null {
  const kept: boolean[] = [];
  let i = 0;
  while (i < str.length) {
    const ch = str[i] as string;
    if (/\s/.test(ch)) {
      kept.push(true);
      i++;
      continue;
    }
    // The next glyph that prints these characters, a few glyphs on at most.
    let found = -1;
    for (let k = at.i, seen = 0; k < glyphs.length && seen < 8; k++) {
      const g = glyphs[k] as PaintedGlyph;
      // Space glyphs (a run of them laying out a line) are no characters of the item's.
      if (!g.text.trim()) continue;
      if (str.startsWith(g.text, i)) {
        found = k;
        break;
      }
      seen++;
    }
    if (found < 0) {
      kept.push(true);
      i++;
      continue;
    }
    const g = glyphs[found] as PaintedGlyph;
    for (let n = 0; n < g.text.length; n++) kept.push(g.shown);
    i += g.text.length;
    at.i = found + 1;
  }
  if (kept.every(Boolean)) return null;
  const text = [...str].filter((_, k) => kept[k]).join('');
  const lead = kept.indexOf(true);
  const trail = kept.length - 1 - kept.lastIndexOf(true);
  return { text, lead: lead < 0 ? 1 : lead / kept.length, trail: lead < 0 ? 0 : trail / kept.length };
}
