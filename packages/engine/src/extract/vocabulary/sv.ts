import type { Vocabulary } from './types';

export const sv: Vocabulary = {
  language: 'sv',
  columns: {
    date: ['datum', 'dag', 'transaktionsdatum', 'trans. datum'],
    postingDate: ['bokföringsdatum', 'bokfört', 'bokföringsdag', 'bokf. datum', 'reskontradatum'],
    transactionDate: ['köpdatum', 'inköpsdatum', 'transaktionsdag'],
    valueDate: ['valutadatum', 'valuta', 'valutadag'],
    description: ['beskrivning', 'text', 'transaktion', 'specifikation', 'meddelande', 'mottagare', 'avsändare', 'detaljer', 'händelse', 'rubrik', 'namn', 'butik'],
    debit: ['uttag', 'debet', 'belastning', 'utbetalning', 'utbetalningar', 'utgående', 'ut'],
    credit: ['insättning', 'insättningar', 'kredit', 'inbetalning', 'inbetalningar', 'ingående', 'in'],
    amount: ['belopp', 'summa', 'transaktionsbelopp', 'belopp sek', 'belopp kr'],
    balance: ['saldo', 'behållning', 'bokfört saldo', 'disponibelt belopp', 'saldo efter'],
    reference: ['referens', 'ref', 'verifikationsnummer', 'verifikation', 'nummer', 'nr', 'ocr', 'löpnummer'],
    sign: ['d/k', 'k/d', 'debet/kredit', '+/-', 'tecken'],
    unused: ['avgift', 'avgifter', 'utländskt belopp', 'belopp i utländsk valuta', 'originalbelopp', 'valutakurs', 'kurs', 'kategori', 'kanal', 'kod', 'typ', 'transaktionstyp', 'tid', 'klockslag', 'kontor', 'status', 'valuta kod', 'kort', 'kortnummer', 'konto', 'poäng'],
  },
  rows: {
    opening: ['ingående saldo', 'ingående behållning', 'föregående saldo', 'saldo föregående', 'saldo från föregående', 'överfört saldo', 'transport'],
    closing: ['att betala', 'total skuld', 'utgående saldo', 'utgående behållning', 'nytt saldo', 'slutsaldo', 'att överföra', 'transport'],
    total: ['summa', 'totalt', 'total', 'delsumma', 'summa uttag', 'summa insättningar'],
  },
  signs: { debit: ['d', 'debet', '-'], credit: ['k', 'kredit', '+'] },
  facts: {
    period: ['period', 'kontoutdrag för perioden', 'avser perioden', 'perioden', 'kontoutdrag'],
    rangeJoin: ['till', 'tom', 't.o.m', '–', '-'],
    rangeFrom: ['från', 'fr.o.m', 'from', 'perioden'],
    statementDate: ['utskriftsdatum', 'datum för kontoutdrag', 'utfärdat', 'utskrivet', 'datum'],
    account: ['kontonummer', 'konto', 'clearingnummer', 'iban', 'kortnummer', 'bankgiro'],
    holder: ['kontohavare', 'innehavare', 'namn', 'kund'],
    card: ['kreditkort', 'lägsta belopp att betala', 'minsta belopp', 'kreditgräns', 'förfallodag', 'att betala senast', 'kortfaktura'],
    overdrawn: ['debet', 'övertrasserat'],
    currency: ['valuta'],
  },
  notStatement: ['faktura', 'fakturanummer', 'fakturadatum', 'kvitto', 'offert', 'följesedel', 'moms', 'antal', 'à-pris', 'styckpris', 'beställning', 'betalningsvillkor'],
};
