/**
 * Writes small PDFs by hand for tests that need what document generators do not write: drawing
 * operators such as even-odd clips and blend modes, JPEG 2000 images, broken structures.
 */

export interface RawObject {
  /** The object's dictionary, without /Length (added for streams). */
  dict: string;
  stream?: Uint8Array | string;
}

export interface RawPage {
  /** The page's content stream (PDF operators). */
  content: string;
  /** The page's /Resources dictionary, e.g. `<< /XObject << /Im0 5 0 R >> >>`. */
  resources?: string;
  width?: number;
  height?: number;
}

/**
 * A PDF of the given pages. Objects are numbered: 1 catalog, 2 page tree, then per page its page
 * object and content stream (3 and 4 for the first page, 5 and 6 for the second, ...), then
 * `extra` in order, so resources can name them (`extraRef(pages.length, 0)` is the first).
 */
export function rawPdf(pages: RawPage[], extra: RawObject[] = []): Uint8Array {
  const objects: RawObject[] = [
    { dict: '<< /Type /Catalog /Pages 2 0 R >>' },
    { dict: `<< /Type /Pages /Kids [${pages.map((_, i) => `${3 + 2 * i} 0 R`).join(' ')}] /Count ${pages.length} >>` },
  ];
  pages.forEach((p, i) => {
    objects.push({
      dict: `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${p.width ?? 595} ${p.height ?? 842}] /Resources ${p.resources ?? '<< >>'} /Contents ${4 + 2 * i} 0 R >>`,
    });
    objects.push({ dict: '<< >>', stream: p.content });
  });
  objects.push(...extra);

  const chunks: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let at = chunks[0]?.length ?? 0;
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(at);
    const parts: Buffer[] = [];
    if (o.stream === undefined) parts.push(Buffer.from(`${i + 1} 0 obj\n${o.dict}\nendobj\n`, 'latin1'));
    else {
      const data = typeof o.stream === 'string' ? Buffer.from(o.stream, 'latin1') : Buffer.from(o.stream);
      const dict = o.dict.replace(/>>\s*$/, ` /Length ${data.length} >>`);
      parts.push(
        Buffer.from(`${i + 1} 0 obj\n${dict}\nstream\n`, 'latin1'),
        data,
        Buffer.from('\nendstream\nendobj\n'),
      );
    }
    for (const part of parts) {
      chunks.push(part);
      at += part.length;
    }
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    'startxref',
    String(at),
    '%%EOF',
    '',
  ].join('\n');
  chunks.push(Buffer.from(xref, 'latin1'));
  return new Uint8Array(Buffer.concat(chunks));
}

/** The object number of `extra[index]` in a PDF of `pageCount` pages (see rawPdf). */
export function extraRef(pageCount: number, index: number): string {
  return `${3 + 2 * pageCount + index} 0 R`;
}
