/**
 * Builds PDFs of positioned text for tests (pdfkit, standard fonts): every line is placed where
 * the test says, so a test can draw any table layout a bank prints (wrapped headers, text above
 * the date line, side-by-side columns, several accounts) without a generator per layout.
 */
import PDFDocument from 'pdfkit';

export interface TableCell {
  /** Left edge for 'left', right edge for 'right', centre for 'center' (PDF points from the left). */
  x: number;
  text: string;
  align?: 'left' | 'right' | 'center';
  bold?: boolean;
  /** Font size in points (default 9). */
  size?: number;
  /** Fill colour (default black): 'white' paints text no viewer shows on the white page. */
  color?: string;
}

export interface TableLine {
  /** Top of the line in points from the top of the page. */
  y: number;
  cells: TableCell[];
}

export interface TablePage {
  lines: TableLine[];
  /** Stroked rectangles (boxes around summaries, table rules), in points from the top left. */
  boxes?: { x: number; y: number; width: number; height: number }[];
}

export interface TablePdfSpec {
  pages: TablePage[];
  /** Default A4. */
  size?: 'A4' | 'LETTER';
  /**
   * Pages stored turned (a /Rotate 90 entry) and their content drawn turned back, as some banks'
   * exports do: a viewer shows the same upright page.
   */
  rotate90?: boolean;
}

/** A left-aligned cell starting at x. */
export const left = (x: number, text: string, bold = false): TableCell => ({ x, text, bold });
/** A right-aligned cell ending at x (amounts, balances). */
export const right = (x: number, text: string, bold = false): TableCell => ({ x, text, align: 'right', bold });
/** A line of cells whose top is y. */
export const at = (y: number, ...cells: TableCell[]): TableLine => ({ y, cells });

/** The PDF of the given pages (standard Helvetica: WinAnsi characters only). */
export async function tablePdf(spec: TablePdfSpec): Promise<Uint8Array> {
  const doc = new PDFDocument({ size: spec.size ?? 'A4', margin: 0, autoFirstPage: false });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  for (const page of spec.pages) {
    const [width, height] = spec.size === 'LETTER' ? [612, 792] : [595.28, 841.89];
    doc.addPage({ size: spec.rotate90 ? [height, width] : [width, height], margin: 0 });
    if (spec.rotate90) {
      // The viewer turns the page a quarter clockwise: what it shows at (u, v) from its top left
      // is drawn at (v, width - u) in pdfkit's top-left coordinates.
      (doc.page.dictionary.data as { Rotate?: number }).Rotate = 90;
      doc.transform(0, -1, 1, 0, 0, width);
    }
    for (const b of page.boxes ?? []) doc.lineWidth(0.5).rect(b.x, b.y, b.width, b.height).stroke();
    for (const line of page.lines) {
      for (const cell of line.cells) {
        doc
          .font(cell.bold ? 'Helvetica-Bold' : 'Helvetica')
          .fontSize(cell.size ?? 9)
          .fillColor(cell.color ?? 'black');
        const width = doc.widthOfString(cell.text);
        const align = cell.align ?? 'left';
        const left = align === 'right' ? cell.x - width : align === 'center' ? cell.x - width / 2 : cell.x;
        doc.text(cell.text, left, line.y, { lineBreak: false });
      }
    }
  }
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}

let measurer: PDFKit.PDFDocument | null = null;

/** The width in points of a text in the standard Helvetica (to print a cell one space after another). */
export function textWidth(text: string, size = 9, bold = false): number {
  measurer ??= new PDFDocument({ autoFirstPage: false });
  return measurer
    .font(bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(size)
    .widthOfString(text);
}

/** Cents as printed: thousands grouped, two decimals, no sign (`1.234,56` with a decimal comma). */
export function money(cents: number, decimal: '.' | ',' = '.', group: string = decimal === '.' ? ',' : '.'): string {
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${whole}${decimal}${String(abs % 100).padStart(2, '0')}`;
}
