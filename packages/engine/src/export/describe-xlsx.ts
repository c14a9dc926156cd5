/** Test helper: a readable, stable dump of a workbook (sheets, views, filters, cells with types and formats). */
import ExcelJS from 'exceljs';

function describeValue(cell: ExcelJS.Cell): string {
  const v = cell.value;
  if (v instanceof Date) return `date ${v.toISOString().slice(0, 10)}`;
  if (typeof v === 'number') return `number ${v}`;
  if (typeof v === 'string') return `string ${JSON.stringify(v)}`;
  if (v !== null && typeof v === 'object' && 'formula' in v) return `formula ${v.formula} = ${String(v.result)}`;
  return `${typeof v} ${JSON.stringify(v)}`;
}

export async function loadWorkbook(bytes: Uint8Array): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  // ExcelJS's types want a Node Buffer; its loader accepts any ArrayBuffer view's buffer.
  await wb.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  return wb;
}

export async function describeWorkbook(bytes: Uint8Array): Promise<string> {
  const wb = await loadWorkbook(bytes);
  const out: string[] = [];
  wb.eachSheet((ws) => {
    out.push(`# sheet ${JSON.stringify(ws.name)}`);
    out.push(
      `views ${JSON.stringify((ws.views ?? []).map((v) => ({ state: v.state, ySplit: 'ySplit' in v ? v.ySplit : undefined })))}`,
    );
    out.push(`autoFilter ${JSON.stringify(ws.autoFilter ?? null)}`);
    out.push(`widths ${JSON.stringify((ws.columns ?? []).map((c) => c.width ?? null))}`);
    ws.eachRow({ includeEmpty: false }, (row) => {
      row.eachCell({ includeEmpty: false }, (cell) => {
        const style: string[] = [];
        if (cell.numFmt) style.push(`fmt ${JSON.stringify(cell.numFmt)}`);
        if (cell.font?.bold) style.push('bold');
        const fill = cell.fill;
        if (fill?.type === 'pattern' && fill.fgColor?.argb) style.push(`fill ${fill.fgColor.argb}`);
        out.push(`${cell.address}: ${describeValue(cell)}${style.length ? ` [${style.join(', ')}]` : ''}`);
      });
    });
  });
  return `${out.join('\n')}\n`;
}
