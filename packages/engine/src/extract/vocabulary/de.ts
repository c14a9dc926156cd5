import type { Vocabulary } from './types';

export const de: Vocabulary = {
  language: 'de',
  columns: {
    date: ['datum', 'tag', 'buchung', 'datum buchung'],
    postingDate: ['buchungstag', 'buchungsdatum', 'buchungsdat', 'buchungs-datum'],
    transactionDate: ['umsatztag', 'kaufdatum', 'belegdatum', 'transaktionsdatum', 'einkaufsdatum'],
    valueDate: ['valuta', 'wertstellung', 'wert', 'valutadatum', 'wertstellungsdatum'],
    description: ['verwendungszweck', 'buchungstext', 'buchungsdetails', 'beschreibung', 'text', 'umsatz', 'vorgang', 'erläuterung', 'erlauterung', 'empfänger/auftraggeber', 'auftraggeber/empfänger', 'empfänger', 'auftraggeber', 'begünstigter', 'zahlungsempfänger', 'buchungsinformation', 'buchungsinfo', 'details', 'umsatzdetails', 'transaktion', 'zahlungsreferenz', 'vorgang/verwendungszweck', 'geschäftsvorfall', 'name'],
    debit: ['soll', 'belastung', 'lastschrift', 'ausgang', 'ausgänge', 'auszahlung', 'abgang', 'betrag soll', 'soll eur'],
    credit: ['haben', 'gutschrift', 'eingang', 'eingänge', 'einzahlung', 'zugang', 'betrag haben', 'haben eur'],
    amount: ['betrag', 'umsatz', 'betrag eur', 'umsatzbetrag', 'buchungsbetrag'],
    balance: ['saldo', 'kontostand', 'stand', 'neuer saldo', 'saldo neu', 'kontostand neu'],
    reference: ['referenz', 'beleg', 'belegnummer', 'beleg-nr', 'belegnr', 'buchungsreferenz', 'auftragsnummer', 'kundenreferenz', 'nr', 'nummer', 'primanota', 'scheck-nr', 'schecknummer'],
    sign: ['s/h', 'h/s', 'soll/haben', 'haben/soll', '+/-'],
    unused: ['rubrik', 'gebühr', 'gebühren', 'entgelt', 'entgelte', 'spesen', 'fremdwährung', 'fremdwährungsbetrag', 'originalbetrag', 'umrechnungskurs', 'kurs', 'devisenkurs', 'wechselkurs', 'kategorie', 'kanal', 'code', 'buchungsschlüssel', 'gvc', 'textschlüssel', 'art', 'umsatzart', 'buchungsart', 'typ', 'uhrzeit', 'zeit', 'filiale', 'status', 'währung', 'karte', 'kartennummer', 'konto', 'kontonummer', 'gegenkonto', 'iban', 'bic', 'punkte'],
  },
  rows: {
    opening: ['kontostand am', 'alter kontostand', 'alter saldo', 'anfangssaldo', 'saldo alt', 'saldovortrag', 'saldo vortrag', 'vortrag', 'übertrag', 'vorheriger kontostand', 'kontostand alt', 'anfangsbestand', 'saldo vom', 'kontostand vom', 'saldo am', 'startsaldo', 'vorsaldo'],
    closing: ['zu zahlen', 'rechnungsbetrag', 'offener betrag', 'gesamtbetrag fällig', 'kontostand am', 'kontostand vom', 'saldo vom', 'saldo am', 'neuer kontostand', 'neuer saldo', 'endsaldo', 'schlusssaldo', 'saldo neu', 'kontostand neu', 'endbestand', 'übertrag', 'zu übertragen', 'übertrag auf', 'saldo per'],
    total: ['summe', 'summen', 'gesamt', 'gesamtsumme', 'zwischensumme', 'summe soll', 'summe haben', 'umsatzsumme', 'tagessumme', 'seitensumme'],
  },
  signs: { debit: ['s', 'soll', '-', 'lastschrift', 'belastung'], credit: ['h', 'haben', '+', 'gutschrift'] },
  facts: {
    period: ['zeitraum', 'auszugszeitraum', 'abrechnungszeitraum', 'kontoauszug vom', 'berichtszeitraum', 'periode', 'auszug vom'],
    rangeJoin: ['bis', 'bis zum', '-', '–'],
    rangeFrom: ['vom', 'von', 'ab', 'zeitraum'],
    statementDate: ['auszugsdatum', 'erstellt am', 'datum', 'abrechnungsdatum', 'ausgestellt am', 'kontoauszug vom', 'stand'],
    account: ['kontonummer', 'konto-nr', 'konto nr', 'konto', 'iban', 'kartennummer', 'karten-nr'],
    holder: ['kontoinhaber', 'inhaber', 'name', 'karteninhaber'],
    card: ['kreditkarte', 'kreditkartenabrechnung', 'kreditlimit', 'kartenlimit', 'verfügungsrahmen', 'mindestbetrag', 'mindestzahlung', 'fällig am', 'kartenabrechnung'],
    overdrawn: ['soll', 's', 'überzogen'],
    currency: ['beträge in', 'alle beträge in', 'währung', 'kontowährung'],
  },
  notStatement: ['rechnung', 'rechnungsnummer', 'rechnungsdatum', 'lieferschein', 'quittung', 'kassenbon', 'angebot', 'mwst', 'ust', 'umsatzsteuer', 'menge', 'einzelpreis', 'nettobetrag', 'zahlungsziel', 'lieferadresse'],
};
