import type { Vocabulary } from './types';

export const it: Vocabulary = {
  language: 'it',
  columns: {
    date: ['data', 'date', 'giorno', 'data operazione', 'data op', 'data mov', 'data movimento'],
    postingDate: ['data contabile', 'data registrazione', 'data contab', 'data di contabilizzazione', 'data addebito'],
    transactionDate: ['data acquisto', 'data transazione', "data dell'operazione con carta"],
    valueDate: ['valuta', 'data valuta', 'data val'],
    description: ['descrizione', 'descrizione operazione', 'causale', 'descrizione movimento', 'dettaglio', 'dettagli', 'operazione', 'movimento', 'beneficiario', 'esercente', 'note', 'causale descrizione'],
    debit: ['dare', 'addebiti', 'addebito', 'uscite', 'uscita', 'prelievi', 'pagamenti', 'importo dare', 'importo addebito'],
    credit: ['avere', 'accrediti', 'accredito', 'entrate', 'entrata', 'versamenti', 'importo avere', 'importo accredito'],
    amount: ['importo', 'importi', 'ammontare', 'somma', 'importo eur', 'importo in euro'],
    balance: ['saldo', 'saldi', 'saldo contabile', 'saldo disponibile', 'saldo progressivo', 'saldo corrente'],
    reference: ['riferimento', 'rif', 'n. riferimento', 'numero', 'n.', 'nr', 'documento', 'n. documento', 'assegno', 'n. assegno', 'cro', 'trn'],
    sign: ['d/a', 'a/d', 'dare/avere', 'avere/dare', 'segno', '+/-'],
    unused: ['commissione', 'commissioni', 'spese', 'importo in valuta', 'divisa', 'valuta originale', 'importo originale', 'cambio', 'tasso di cambio', 'categoria', 'canale', 'codice', 'causale abi', 'cod', 'tipo', 'tipo operazione', 'ora', 'filiale', 'stato', 'carta', 'numero carta', 'conto', 'punti'],
  },
  rows: {
    opening: ['saldo iniziale', 'saldo precedente', 'saldo anteriore', "saldo d'apertura", 'saldo di apertura', 'saldo riportato', 'riporto', 'saldo al'],
    closing: ['totale da pagare', 'importo dovuto', 'saldo dovuto', 'saldo finale', 'saldo attuale', 'nuovo saldo', 'saldo di chiusura', 'saldo contabile finale', 'a riportare', 'da riportare', 'saldo al'],
    total: ['totale', 'totali', 'subtotale', 'somma', 'totale dare', 'totale avere', 'totale movimenti', 'totale del giorno'],
  },
  signs: { debit: ['d', 'dare', '-'], credit: ['a', 'avere', '+'] },
  facts: {
    period: ['periodo', 'periodo di riferimento', 'estratto conto dal', 'periodo dal', 'movimenti dal'],
    rangeJoin: ['al', 'a', 'fino al', '-', '–'],
    rangeFrom: ['dal', 'da', 'periodo dal'],
    statementDate: ['data di emissione', 'data estratto', 'emesso il', 'data di chiusura', 'data contabile'],
    account: ['numero conto', 'n. conto', 'conto', 'conto corrente', 'c/c', 'iban', 'numero carta', 'carta n.'],
    holder: ['intestatario', 'intestato a', 'titolare', 'nome', 'cliente'],
    card: ['carta di credito', 'pagamento minimo', 'importo minimo', 'fido', 'plafond', 'limite di credito', 'disponibilità residua', 'data di addebito', 'estratto conto carta'],
    overdrawn: ['debitore', 'd'],
    currency: ['importi in', 'valuta', 'divisa'],
  },
  notStatement: ['fattura', 'numero fattura', 'n. fattura', 'preventivo', 'ricevuta', 'scontrino', 'documento di trasporto', 'iva', 'quantità', 'qtà', 'prezzo unitario', 'imponibile', 'ordine', 'condizioni di pagamento'],
};
