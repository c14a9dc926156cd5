import { describe, expect, it } from 'vitest';
import {
  detectDecimalSeparator,
  repairDateByShape,
  repairGluedDate,
  repairGroupedLostDecimal,
  repairLeadingDate,
  repairMonthByColumn,
  repairMonthName,
  repairNumericToken,
} from './repair';

const fix = (t: string, decimal?: '.' | ',') => repairNumericToken(t, decimal ? { decimal } : {}).text;

describe('repairNumericToken', () => {
  it('fixes letters read for digits inside numbers', () => {
    expect(fix('1O.5O')).toBe('10.50');
    expect(fix('l,234.56')).toBe('1,234.56');
    expect(fix('I2.00')).toBe('12.00');
    expect(fix('|9.99')).toBe('19.99');
    expect(fix('4S.20')).toBe('45.20');
    expect(fix('1B.00')).toBe('18.00');
    expect(fix('Z5.00')).toBe('25.00');
    expect(fix('275.G0')).toBe('275.60');
    expect(fix('O1/O2/2024')).toBe('01/02/2024');
  });

  it('keeps signs, currency symbols, brackets and credit/debit markers', () => {
    expect(fix('-i4.89')).toBe('-14.89');
    expect(fix('$1,2O4.80')).toBe('$1,204.80');
    expect(fix('(54.l2)')).toBe('(54.12)');
    expect(fix('1,234.56CR')).toBe('1,234.56CR');
    expect(fix('1.234,5O-')).toBe('1.234,50-');
    // German S/H (Soll/Haben) after a complete amount is a marker, not a 5.
    expect(fix('45,90S')).toBe('45,90S');
    expect(fix('123.45D')).toBe('123.45D');
  });

  it('leaves words and already clean numbers alone', () => {
    for (const t of ['SOLD', 'BIB', 'Balance', 'ISO', 'OS', '12.50', '1,234.56', 'TESCO', 'B2B', 'Z']) {
      expect(repairNumericToken(t)).toEqual({ text: t, changed: false });
    }
  });

  it('reports whether anything changed', () => {
    expect(repairNumericToken('1O.00')).toEqual({ text: '10.00', changed: true });
    expect(repairNumericToken('10.00')).toEqual({ text: '10.00', changed: false });
  });

  it('puts a misread decimal separator right when the document decimal is known', () => {
    expect(fix('1,234,56', '.')).toBe('1,234.56');
    expect(fix('12,50', '.')).toBe('12.50');
    expect(fix('1.234.56', ',')).toBe('1.234,56');
    expect(fix('12.50', ',')).toBe('12,50');
    // Grouping followed by three digits is not a decimal separator.
    expect(fix('1,234', '.')).toBe('1,234');
    expect(fix('1,234.56', '.')).toBe('1,234.56');
    expect(fix('1.234,56', ',')).toBe('1.234,56');
  });
});

describe('repairNumericToken on dates', () => {
  it('restores slashes read as 1 or 7, or lost', () => {
    expect(fix('1011072023')).toBe('10/10/2023');
    expect(fix('1411012023')).toBe('14/10/2023');
    expect(fix('15/102023')).toBe('15/10/2023');
    expect(fix('04/1012023')).toBe('04/10/2023');
    expect(fix('04102023')).toBe('04/10/2023');
    expect(fix('2310/23')).toBe('23/10/23');
    expect(fix('12/31/2024')).toBe('12/31/2024');
    expect(fix('1222')).toBe('12/22');
    expect(fix('12722')).toBe('12/22');
    expect(fix('0114')).toBe('01/14');
    expect(fix('12/22')).toBe('12/22');
  });
  it('puts back a dot or dash lost beside one kept, before a four-digit year', () => {
    expect(fix('01.022024')).toBe('01.02.2024');
    expect(fix('3112.2023')).toBe('31.12.2023');
    expect(fix('10-102023')).toBe('10-10-2023');
    expect(fix('12.502024')).toBe('12.502024');
    expect(fix('118.35')).toBe('118.35');
  });

  it('leaves numbers that are no date alone', () => {
    expect(fix('8177964450')).toBe('8177964450');
    expect(fix('123456')).toBe('123456');
    expect(fix('4743')).toBe('4743');
    expect(fix('9999')).toBe('9999');
  });
});

describe('repairNumericToken with S/H markers', () => {
  const sh = (t: string) => repairNumericToken(t, { decimal: ',', sollHaben: true }).text;
  it('takes a final 5 or S after two decimals for the marker and restores a lost comma', () => {
    expect(sh('23,325')).toBe('23,32 S');
    expect(sh('744,42 5')).toBe('744,42 S');
    expect(sh('1.234,5O S')).toBe('1.234,50 S');
    expect(sh('226,86 H')).toBe('226,86 H');
    expect(sh('1580S')).toBe('15,80 S');
    expect(sh('2.330,42H')).toBe('2.330,42 H');
    // Without the option, a final 5 stays a digit.
    expect(fix('23,325')).toBe('23,325');
    // With a known decimal comma, three decimals cannot be: the 5 is the marker.
    expect(fix('23,325', ',')).toBe('23,32 S');
    expect(fix('1580S', ',')).toBe('15,80 S');
  });
});

describe('detectDecimalSeparator', () => {
  it('finds the separator most amounts use', () => {
    expect(detectDecimalSeparator(['1,234.56', '12.50', '3.99', '12,50'])).toBe('.');
    expect(detectDecimalSeparator(['1.234,56', '12,50', '3,99'])).toBe(',');
    expect(detectDecimalSeparator(['hello'])).toBeNull();
  });
});

describe('repairMonthName', () => {
  it('reads digits OCR put into month abbreviations as the letters they stand for', () => {
    expect(repairMonthName('01-0CT-2024')).toEqual({ text: '01-OCT-2024', changed: true });
    expect(repairMonthName('N0V 05')).toEqual({ text: 'NOV 05', changed: true });
    expect(repairMonthName('15 5EP 2023').text).toBe('15 SEP 2023');
    expect(repairMonthName('3 JU1 2024').text).toBe('3 JUL 2024');
    expect(repairMonthName('AU6 30').text).toBe('AUG 30');
  });

  it('leaves words that do not become exactly one month name', () => {
    for (const t of ['01-OCT-2024', 'B2B', 'X10', '12/05/2024', 'A1B', 'CARD 5356']) {
      expect(repairMonthName(t)).toEqual({ text: t, changed: false });
    }
  });
});

describe('repairGroupedLostDecimal', () => {
  it('puts back the decimal mark lost after thousands separators', () => {
    expect(repairGroupedLostDecimal('2.33042 H', ',')).toBe('2.330,42 H');
    expect(repairGroupedLostDecimal('1,20450', '.')).toBe('1,204.50');
    expect(repairGroupedLostDecimal('12,345,67800', '.')).toBe('12,345,678.00');
    // Any marker of one or two letters after the cents stays (Turkish A/B for alacak/borç).
    expect(repairGroupedLostDecimal('31.93524 A', ',')).toBe('31.935,24 A');
    expect(repairGroupedLostDecimal('31.77317A', ',')).toBe('31.773,17A');
    // A currency sign before the figure stays.
    expect(repairGroupedLostDecimal('R$ 3.31331 C', ',')).toBe('R$ 3.313,31 C');
  });

  it('leaves numbers a printer could have written', () => {
    for (const t of ['2.330,42', '1,204.50', '2491', '1,204', 'DE03 2003'])
      expect(repairGroupedLostDecimal(t, '.')).toBeNull();
  });
});

describe('repairLeadingDate', () => {
  it('repairs the date that starts an OCR line', () => {
    expect(repairLeadingDate('[21.08.2023 |LASTSCHRIFT ALLIANZ')).toBe('21.08.2023 LASTSCHRIFT ALLIANZ');
    expect(repairLeadingDate('|17.08.2023 KARTE 4135')).toBe('17.08.2023 KARTE 4135');
    expect(repairLeadingDate('O6-NOVEMBRE-2023 ADDEBITO')).toBe('06-NOVEMBRE-2023 ADDEBITO');
    expect(repairLeadingDate('030CT 24 CARD PAYMENT')).toBe('03 OCT 24 CARD PAYMENT');
    expect(repairLeadingDate('l5/03/24 TESCO')).toBe('15/03/24 TESCO');
    expect(repairLeadingDate('020ct2023 CARD PURCHASE')).toBe('02 oct 2023 CARD PURCHASE');
    // A slash beside a month name read as l or I.
    expect(repairLeadingDate('22/Aprl2025 BETAALPAS HEMA')).toBe('22/Apr/2025 BETAALPAS HEMA');
    expect(repairLeadingDate('01/MeiI2025 LIDL')).toBe('01/Mei/2025 LIDL');
    expect(repairLeadingDate('22lApr/2025 GEA')).toBe('22/Apr/2025 GEA');
  });

  it('leaves lines alone that start with a sound date, an amount or a word', () => {
    expect(repairLeadingDate('21 Aug 2023 CARD PAYMENT')).toBeNull();
    expect(repairLeadingDate('12.50 CR')).toBeNull();
    expect(repairLeadingDate('DELIVEROO 12')).toBeNull();
    expect(repairLeadingDate('SOLD 2 ITEMS')).toBeNull();
    expect(repairLeadingDate('1017 AZ AMSTERDAM')).toBeNull();
  });
});

describe('repairGluedDate', () => {
  it('puts back the spaces OCR lost between day, month name and year', () => {
    expect(repairGluedDate('020ct2023')).toBe('02 oct 2023');
    expect(repairGluedDate('12JAN2024')).toBe('12 JAN 2024');
    expect(repairGluedDate('5N0V24')).toBe('5 NOV 24');
    // The fewest digits read into the month: MAR 2023, not the Spanish MARZO 23.
    expect(repairGluedDate('3lMAR2023')).toBe('31 MAR 2023');
  });

  it('leaves numbers, words and sound dates alone', () => {
    expect(repairGluedDate('1234567')).toBeNull();
    expect(repairGluedDate('ABC2023')).toBeNull();
    expect(repairGluedDate('12 JAN 2024')).toBeNull();
    expect(repairGluedDate('4QX7Z2023')).toBeNull();
  });
});

describe('repairDateByShape', () => {
  const md = [{ sep: '/', widths: [1, 2] }];
  it('puts back a separator OCR lost or read as a digit, in the shape the column prints', () => {
    expect(repairDateByShape('125', md)).toBe('1/25');
    expect(repairDateByShape('1718', md)).toBe('1/18');
    expect(repairDateByShape('2l09', md)).toBe('2/09');
    expect(repairDateByShape('3O9', md)).toBe('3/09');
    expect(repairDateByShape('0103', [{ sep: '.', widths: [2, 2] }])).toBe('01.03');
    expect(repairDateByShape('01032024', [{ sep: '.', widths: [2, 2, 4] }])).toBe('01.03.2024');
  });

  it('leaves a cell alone where no reading or more than one fits', () => {
    // "12/25" and "1/225" fit no shape of the column; "11/15" and "1/15" both fit one of the shapes.
    expect(repairDateByShape('1225', md)).toBeNull();
    expect(repairDateByShape('1115', [...md, { sep: '/', widths: [2, 2] }])).toBeNull();
    // Not a valid day and month in the orders the column allows.
    expect(repairDateByShape('135', md, ['DMY'])).toBeNull();
    expect(repairDateByShape('TOTAL', md)).toBeNull();
    expect(repairDateByShape('2/09', md)).toBeNull();
  });
});

describe('repairMonthByColumn', () => {
  it("puts the column's month name for a word one letter from it", () => {
    expect(repairMonthByColumn('hug 7', ['Aug'])).toBe('Aug 7');
    expect(repairMonthByColumn('Avg 19', ['Aug', 'Sep'])).toBe('Aug 19');
    expect(repairMonthByColumn('14 Jvn', ['Jun'])).toBe('14 Jun');
  });
  it("puts the column's month name for a word one letter lost from it ('10av.' among '08avr.')", () => {
    expect(repairMonthByColumn('10av.', ['avr', 'mars'])).toBe('10avr.');
    expect(repairMonthByColumn('Ag 7', ['Aug'])).toBe('Aug 7');
    // 'Ma' is 'Mar' or 'May' with a letter lost: nothing tells.
    expect(repairMonthByColumn('Ma 3', ['Mar', 'May'])).toBeNull();
  });
  it('leaves words no name or two names are one letter from', () => {
    expect(repairMonthByColumn('Aug 7', ['Aug'])).toBeNull();
    expect(repairMonthByColumn('Ref 7', ['Aug'])).toBeNull();
    expect(repairMonthByColumn('Mar 3', ['May', 'Jar'])).toBeNull();
  });
});
