/**
 * Documents that are not bank statements, for tests: an invoice with line items (quantities, unit
 * prices, totals and VAT), a till receipt, and a letter, in the languages given. pdfkit, standard
 * fonts, one A4 page each (a receipt is a narrow till roll).
 */
import PDFDocument from 'pdfkit';

async function render(draw: (doc: PDFKit.PDFDocument) => void, size: [number, number] | 'A4' = 'A4') {
  const doc = new PDFDocument({ size, margin: 40 });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  draw(doc);
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}

const money = (cents: number, decimal: '.' | ',') => {
  const [whole, frac] = (cents / 100).toFixed(2).split('.') as [string, string];
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, decimal === '.' ? ',' : '.')}${decimal}${frac}`;
};

export interface InvoiceWords {
  title: string;
  number: string;
  date: string;
  dateColumn: string;
  due: string;
  columns: [string, string, string, string];
  subtotal: string;
  vat: string;
  total: string;
  decimal: '.' | ',';
}

export const INVOICE_WORDS: Record<'en' | 'de', InvoiceWords> = {
  en: {
    title: 'INVOICE',
    number: 'Invoice No.',
    date: 'Invoice date',
    dateColumn: 'Date',
    due: 'Payment terms: 30 days',
    columns: ['Description', 'Qty', 'Unit price', 'Amount'],
    subtotal: 'Subtotal',
    vat: 'VAT 20%',
    total: 'Total due',
    decimal: '.',
  },
  de: {
    title: 'RECHNUNG',
    number: 'Rechnungsnummer',
    date: 'Rechnungsdatum',
    dateColumn: 'Datum',
    due: 'Zahlungsziel: 14 Tage netto',
    columns: ['Bezeichnung', 'Menge', 'Einzelpreis', 'Betrag'],
    subtotal: 'Nettobetrag',
    vat: 'MwSt. 19%',
    total: 'Gesamtbetrag',
    decimal: ',',
  },
};

/**
 * A supplier's invoice: letterhead, customer, dated header, ten line items, subtotal, VAT, total.
 * `dated`: each item carries its delivery date (in order), so the items look like dated rows.
 */
export function buildInvoicePdf(words: InvoiceWords = INVOICE_WORDS.en, dated = false): Promise<Uint8Array> {
  const items = [
    ['Copper pipe 15 mm', 12, 4_50],
    ['Elbow joint 15 mm', 20, 1_25],
    ['Isolating valve', 4, 8_90],
    ['Radiator bracket', 6, 3_40],
    ['Thermostatic valve', 3, 24_99],
    ['PTFE tape', 5, 1_10],
    ['Compression fitting', 10, 2_35],
    ['Boiler service', 1, 95_00],
    ['Labour (hours)', 6, 45_00],
    ['Call-out charge', 1, 60_00],
  ] as const;
  const d = words.decimal;
  return render((doc) => {
    doc.font('Helvetica-Bold').fontSize(16).text('Northwind Plumbing Supplies Ltd', 40, 40);
    doc.font('Helvetica').fontSize(9).text('Unit 4, Riverside Trading Estate, Leeds LS9 8AB', 40, 62);
    doc.font('Helvetica-Bold').fontSize(20).text(words.title, 400, 40);
    doc.font('Helvetica').fontSize(10);
    doc.text(`${words.number} 2024-0117`, 400, 70);
    doc.text(`${words.date} 14/03/2024`, 400, 84);
    doc.text('Ms Jane Example', 40, 110);
    doc.text('7 Orchard Lane, York YO1 2AB', 40, 124);
    const x = [40, 300, 380, 480];
    let y = 170;
    const cell = (text: string, i: number) => {
      const at = i ? { x: x[i] as number, width: 70 } : dated ? { x: 100, width: 190 } : { x: 40, width: 250 };
      doc.text(text, at.x, y, { width: at.width, align: i ? 'right' : 'left', lineBreak: false });
    };
    doc.font('Helvetica-Bold');
    if (dated) doc.text(words.dateColumn, 40, y, { lineBreak: false });
    words.columns.forEach(cell);
    doc.font('Helvetica');
    let net = 0;
    items.forEach(([item, qty, unit], n) => {
      y += 18;
      const amount = qty * unit;
      net += amount;
      if (dated) doc.text(`${String(4 + n).padStart(2, '0')}/03/2024`, 40, y, { lineBreak: false });
      [item, String(qty), money(unit, d), money(amount, d)].forEach(cell);
    });
    const vat = Math.round(net * 0.2);
    for (const [label, cents] of [
      [words.subtotal, net],
      [words.vat, vat],
      [words.total, net + vat],
    ] as const) {
      y += 20;
      doc.text(label, 330, y, { width: 120, align: 'right', lineBreak: false });
      doc.text(money(cents, d), 480, y, { width: 70, align: 'right', lineBreak: false });
    }
    doc.text(words.due, 40, y + 40);
    doc.text('Bank transfer to Northwind Plumbing Supplies Ltd, sort code 20-00-00', 40, y + 54);
  });
}

/** A till receipt: shop, date and time, items with prices, total, VAT, card payment. */
export function buildReceiptPdf(): Promise<Uint8Array> {
  const lines: [string, string][] = [
    ['Semi-skimmed milk 2L', '1.45'],
    ['Wholemeal bread', '1.10'],
    ['Free range eggs x6', '2.25'],
    ['Bananas loose 0.92 kg', '0.87'],
    ['Cheddar 400g', '3.50'],
    ['Coffee beans 1kg', '11.99'],
    ['Washing up liquid', '1.25'],
  ];
  return render(
    (doc) => {
      doc.font('Courier-Bold').fontSize(11).text('GREENGROCER & CO', { align: 'center' });
      doc.font('Courier').fontSize(8);
      doc.text('12 Market Street, Bath BA1 1AA', { align: 'center' });
      doc.text('VAT Reg No. GB 123 4567 89', { align: 'center' });
      doc.moveDown();
      doc.text('RECEIPT   18/03/2024 14:32   Till 3');
      doc.moveDown(0.5);
      for (const [name, price] of lines) doc.text(`${name.padEnd(26)}${price.padStart(8)}`);
      doc.moveDown(0.5);
      doc.text(`${'SUBTOTAL'.padEnd(26)}${'22.41'.padStart(8)}`);
      doc.text(`${'TOTAL'.padEnd(26)}${'22.41'.padStart(8)}`);
      doc.text(`${'VISA DEBIT'.padEnd(26)}${'22.41'.padStart(8)}`);
      doc.text(`${'VAT included 20%'.padEnd(26)}${'0.74'.padStart(8)}`);
      doc.moveDown();
      doc.text('Thank you for shopping with us!', { align: 'center' });
    },
    [226, 500],
  );
}

export const LETTER_PARAGRAPHS = {
  en: [
    'Dear Ms Example,',
    'Thank you for your letter of 4 March 2024 about the closure of our branch in Market Street. We understand that many of our customers have banked there for a long time, and we are sorry for the inconvenience this change may cause you.',
    'From 1 May 2024 you will be able to use the counter services of any Post Office, our mobile branch, which visits the town every Tuesday morning, and our telephone and online banking. Your account number, sort code and cards will not change.',
    'If you have any questions, please call us or visit any of our branches. We will be happy to help.',
    'Yours sincerely,',
    'Customer Relations Team',
  ],
  es: [
    'Estimada cliente:',
    'Le escribimos para informarle de que, a partir del próximo mes, las condiciones generales de su cuenta se actualizarán para reflejar los cambios en la normativa vigente sobre servicios de pago.',
    'No tiene que hacer nada: sus tarjetas, domiciliaciones y transferencias periódicas seguirán funcionando con normalidad. Puede consultar el texto completo en nuestra página web o en cualquiera de nuestras oficinas.',
    'Si tiene alguna pregunta, estaremos encantados de atenderle.',
    'Atentamente,',
    'Servicio de Atención al Cliente',
  ],
};

/** A letter from a bank: letterhead, date, paragraphs of prose, a signature. */
export function buildLetterPdf(paragraphs: string[] = LETTER_PARAGRAPHS.en): Promise<Uint8Array> {
  return render((doc) => {
    doc.font('Helvetica-Bold').fontSize(14).text('Example Savings Bank plc');
    doc.font('Helvetica').fontSize(9).text('1 Bank Street, London EC2 1AA');
    doc.moveDown(2);
    doc.fontSize(10).text('12 March 2024', { align: 'right' });
    doc.moveDown();
    for (const p of paragraphs) {
      doc.text(p, { align: 'left' });
      doc.moveDown();
    }
  });
}
