import { describe, expect, it } from 'vitest';
import { currencyOfSymbol, findCurrency } from './currency';

const none = { facts: [] as string[], labels: [] as string[], affixes: [] as string[] };

describe('the account currency, from evidence only', () => {
  it('reads codes and symbols that name one currency, and no shared symbol', () => {
    expect(findCurrency({ ...none, labels: ['Amount (EUR)'] })).toBe('EUR');
    expect(findCurrency({ ...none, affixes: ['£', '£'] })).toBe('GBP');
    expect(currencyOfSymbol('$')).toBeNull();
    expect(findCurrency({ ...none, affixes: ['$'] })).toBeNull();
  });

  it("takes a valid IBAN's country where nothing printed names the currency", () => {
    expect(findCurrency({ ...none, facts: ['No. de cuenta  ES12 8544 3098 6428 4083 5376'] })).toBe('EUR');
    expect(findCurrency({ ...none, facts: ['IBAN GB29NWBK60161331926819'] })).toBe('GBP');
    expect(findCurrency({ ...none, facts: ['Konto: CH93 0076 2011 6238 5295 7'] })).toBe('CHF');
    // One check digit off: a reference number shaped like an IBAN is no evidence.
    expect(findCurrency({ ...none, facts: ['Ref GB28 NWBK 6016 1331 9268 19'] })).toBeNull();
  });

  it('lets printed amounts outweigh the account country', () => {
    expect(findCurrency({ ...none, facts: ['IBAN DE89 3704 0044 0532 0130 00'], affixes: ['US$', 'US$'] })).toBe('USD');
  });

  it("takes the labels' language only where it is the main language of one currency's countries", () => {
    const polish = ['Data księgowania', 'Szczegóły', 'Kwota', 'Saldo po operacji'];
    expect(findCurrency({ ...none, labels: polish })).toBe('PLN');
    // German is the main language of euro countries and of Switzerland; English of many.
    expect(findCurrency({ ...none, labels: ['Buchungstag', 'Verwendungszweck', 'Betrag', 'Saldo'] })).toBeNull();
    expect(findCurrency({ ...none, labels: ['Date', 'Description', 'Amount', 'Balance'] })).toBeNull();
  });

  it('reads a shared symbol ("$") in the one currency the labels\' language writes with it (CLDR)', () => {
    const french = ['Date', 'Description', 'Retraits ($)', 'Dépôts ($)', 'Solde ($)'];
    expect(findCurrency({ ...none, labels: french, affixes: ['$', '$'] })).toBe('CAD');
    // English and Spanish write many dollars and pesos with "$": none.
    expect(
      findCurrency({ ...none, labels: ['Date', 'Description', 'Amount ($)', 'Balance'], affixes: ['$'] }),
    ).toBeNull();
    expect(
      findCurrency({ ...none, labels: ['Fecha', 'Concepto', 'Cargos', 'Abonos', 'Saldo'], affixes: ['$'] }),
    ).toBeNull();
  });

  it("reads a currency label's own value, not a code-shaped word elsewhere on its line", () => {
    // "CAD." abbreviates Cadde (street) in the address printed beside the label.
    const line = 'ATATÜRK CAD. NO: 27 D: 7  Para Birimi  TRY';
    expect(findCurrency({ ...none, facts: [line] })).toBe('TRY');
    expect(findCurrency({ ...none, facts: ['Currency: EUR  Branch  Dublin'] })).toBe('EUR');
  });
});
