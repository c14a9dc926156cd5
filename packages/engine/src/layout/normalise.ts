/**
 * Layout clean-up before table finding: lines whose boxes overlap vertically are one
 * visual line (OCR gives a dash or a smaller word its own baseline, splitting "May 01"
 * over two lines), and runs closer than a word space are one run.
 */
import type { LayoutLine, LayoutPage, TextRun } from './model';

export function normalisePage(page: LayoutPage): LayoutPage {
  if (page.source !== 'ocr') return page;
  const merged: LayoutLine[] = [];
  for (const line of [...page.lines].sort((a, b) => a.y0 - b.y0)) {
    const prev = merged[merged.length - 1];
    if (prev && sameVisualLine(prev, line)) {
      // The baseline of the fuller line (a lone dash or word has a less certain one).
      const baseline =
        prev.runs.length >= line.runs.length ? (prev.baseline ?? line.baseline) : (line.baseline ?? prev.baseline);
      merged[merged.length - 1] = {
        runs: joinRuns([...prev.runs, ...line.runs]),
        y0: Math.min(prev.y0, line.y0),
        y1: Math.max(prev.y1, line.y1),
        ...(baseline === undefined ? {} : { baseline }),
      };
    } else merged.push(line);
  }
  return { ...page, lines: merged };
}

function sameVisualLine(a: LayoutLine, b: LayoutLine): boolean {
  const midB = (b.y0 + b.y1) / 2;
  const midA = (a.y0 + a.y1) / 2;
  if (!((midB > a.y0 && midB < a.y1) || (midA > b.y0 && midA < b.y1))) return false;
  // Two real lines never share horizontal space.
  return !a.runs.some((r) => b.runs.some((s) => Math.min(r.x1, s.x1) - Math.max(r.x0, s.x0) > 1));
}

function joinRuns(runs: TextRun[]): TextRun[] {
  const sorted = runs.sort((a, b) => a.x0 - b.x0);
  const out: TextRun[] = [];
  for (const run of sorted) {
    const prev = out[out.length - 1];
    // Tiny fragments ("-" of height 1) say nothing about the font size; use the larger.
    const size = Math.max(prev?.size ?? 0, run.size);
    if (prev && run.x0 - prev.x1 < size * 0.5) {
      out[out.length - 1] = {
        ...prev,
        text: `${prev.text} ${run.text}`,
        x1: Math.max(prev.x1, run.x1),
        y0: Math.min(prev.y0, run.y0),
        y1: Math.max(prev.y1, run.y1),
        size: Math.max(prev.size, run.size),
        ...(prev.confidence !== undefined || run.confidence !== undefined
          ? { confidence: Math.min(prev.confidence ?? 1, run.confidence ?? 1) }
          : {}),
      };
    } else out.push(run);
  }
  return out;
}
