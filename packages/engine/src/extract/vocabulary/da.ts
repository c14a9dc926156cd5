import type { Vocabulary } from './types';

export const da: Vocabulary = {
  language: 'da',
  columns: {
    date: ['dato', 'dag', 'transaktionsdato', 'posteringsdag'],
    postingDate: ['bogføringsdato', 'bogført', 'bogføringsdag', 'posteringsdato', 'bogf. dato'],
    transactionDate: ['købsdato', 'købsdag', 'handelsdato'],
    valueDate: ['rentedato', 'valør', 'valørdato', 'rentedag'],
    description: ['tekst', 'beskrivelse', 'posteringstekst', 'transaktion', 'detaljer', 'modtager', 'afsender', 'meddelelse', 'forklaring', 'navn', 'butik'],
    debit: ['hævet', 'hævning', 'udbetaling', 'udbetalinger', 'debet', 'træk', 'ud', 'udgående'],
    credit: ['indsat', 'indbetaling', 'indbetalinger', 'kredit', 'ind', 'indgående'],
    amount: ['beløb', 'belob', 'beløb dkk', 'beløb kr', 'transaktionsbeløb'],
    balance: ['saldo', 'bevægelsessaldo', 'saldo efter', 'rådighedsbeløb', 'ny saldo'],
    reference: ['reference', 'ref', 'bilag', 'bilagsnummer', 'nummer', 'nr', 'løbenummer'],
    sign: ['d/k', 'k/d', 'debet/kredit', '+/-', 'fortegn'],
    unused: ['gebyr', 'gebyrer', 'afgift', 'udenlandsk beløb', 'beløb i valuta', 'originalbeløb', 'valutakurs', 'kurs', 'kategori', 'kanal', 'kode', 'type', 'transaktionstype', 'tid', 'klokkeslæt', 'afdeling', 'status', 'valuta', 'kort', 'kortnummer', 'konto', 'point'],
  },
  rows: {
    opening: ['saldo pr', 'primo saldo', 'primosaldo', 'saldo primo', 'forrige saldo', 'indgående saldo', 'overført saldo', 'transport', 'saldo fra sidste kontoudtog', 'startsaldo'],
    closing: ['at betale', 'samlet gæld', 'saldo pr', 'ultimo saldo', 'ultimosaldo', 'saldo ultimo', 'ny saldo', 'udgående saldo', 'slutsaldo', 'transport', 'saldo til overførsel'],
    total: ['total', 'i alt', 'sum', 'subtotal', 'samlet', 'total hævet', 'total indsat'],
  },
  signs: { debit: ['d', 'debet', '-'], credit: ['k', 'kredit', '+'] },
  facts: {
    period: ['periode', 'kontoudtog for perioden', 'perioden', 'kontoudskrift', 'udtog for'],
    rangeJoin: ['til', 't.o.m', '–', '-'],
    rangeFrom: ['fra', 'perioden', 'periode'],
    statementDate: ['udskrevet', 'udskriftsdato', 'dato for kontoudtog', 'dannet', 'dato'],
    account: ['kontonummer', 'konto', 'kontonr', 'reg.nr', 'iban', 'kortnummer'],
    holder: ['kontohaver', 'indehaver', 'navn', 'kunde'],
    card: ['kreditkort', 'mindste beløb', 'minimumsbetaling', 'kreditgrænse', 'forfaldsdato', 'betales senest', 'kortopgørelse'],
    overdrawn: ['debet', 'overtræk'],
    currency: ['valuta'],
  },
  notStatement: ['faktura', 'fakturanummer', 'fakturadato', 'kvittering', 'tilbud', 'følgeseddel', 'moms', 'antal', 'stykpris', 'enhedspris', 'ordre', 'betalingsbetingelser'],
};
