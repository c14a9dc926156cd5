import type { Vocabulary } from './types';

export const nl: Vocabulary = {
  language: 'nl',
  columns: {
    date: ['datum', 'dag', 'transactiedatum', 'datum transactie'],
    postingDate: ['boekdatum', 'boekingsdatum', 'verwerkingsdatum', 'datum boeking'],
    transactionDate: ['aankoopdatum', 'datum aankoop', 'transactiedatum kaart'],
    valueDate: ['valutadatum', 'valuta', 'rentedatum'],
    description: ['omschrijving', 'omschrijvingen', 'mededelingen', 'beschrijving', 'naam / omschrijving', 'naam/omschrijving', 'tegenpartij', 'naam tegenpartij', 'tegenrekening naam', 'details', 'transactie', 'naam', 'begunstigde', 'winkelier'],
    debit: ['af', 'afschrijving', 'afschrijvingen', 'debet', 'uitgaven', 'uitgaand', 'bedrag af'],
    credit: ['bij', 'bijschrijving', 'bijschrijvingen', 'credit', 'inkomsten', 'ontvangsten', 'inkomend', 'bedrag bij'],
    amount: ['bedrag', 'bedragen', 'bedrag eur', 'bedrag in euro', 'transactiebedrag'],
    balance: ['saldo', 'saldi', 'saldo na boeking', 'nieuw saldo', 'stand'],
    reference: ['referentie', 'kenmerk', 'ref', 'nummer', 'nr', 'volgnummer', 'betalingskenmerk', 'machtigingsnummer'],
    sign: ['af/bij', 'bij/af', '+/-', 'debet/credit', 'd/c'],
    unused: ['kosten', 'provisie', 'vreemde valuta', 'bedrag vreemde valuta', 'valutabedrag', 'oorspronkelijk bedrag', 'koers', 'wisselkoers', 'categorie', 'kanaal', 'code', 'mutatiesoort', 'soort', 'type', 'tijd', 'filiaal', 'status', 'munt', 'valutasoort', 'pas', 'kaart', 'kaartnummer', 'rekening', 'tegenrekening', 'punten'],
  },
  rows: {
    opening: ['beginsaldo', 'vorig saldo', 'oud saldo', 'saldo vorige afschrift', 'saldo begin', 'openingssaldo', 'saldo per', 'transport', 'saldo van vorige pagina'],
    closing: ['te betalen', 'totaal verschuldigd', 'verschuldigd bedrag', 'eindsaldo', 'nieuw saldo', 'saldo einde', 'slotsaldo', 'saldo per', 'transport', 'naar volgende pagina'],
    total: ['totaal', 'totalen', 'subtotaal', 'totaal af', 'totaal bij', 'som'],
  },
  signs: { debit: ['af', 'd', 'debet', '-'], credit: ['bij', 'c', 'credit', '+'] },
  facts: {
    period: ['periode', 'afschriftperiode', 'rekeningoverzicht over', 'overzicht van', 'afschrift van'],
    rangeJoin: ['t/m', 'tot en met', 'tot', '-', '–'],
    rangeFrom: ['van', 'vanaf', 'periode'],
    statementDate: ['afschriftdatum', 'datum afschrift', 'aanmaakdatum', 'datum'],
    account: ['rekeningnummer', 'rekening', 'iban', 'kaartnummer', 'rekeningnr'],
    holder: ['rekeninghouder', 'ten name van', 't.n.v', 'naam'],
    card: ['creditcard', 'minimaal te betalen', 'minimumbedrag', 'bestedingslimiet', 'kredietlimiet', 'uiterste betaaldatum', 'vervaldatum'],
    overdrawn: ['debet', 'af'],
    currency: ['bedragen in', 'valuta', 'munt', 'muntsoort'],
  },
  notStatement: ['factuur', 'factuurnummer', 'factuurdatum', 'offerte', 'kassabon', 'btw', 'aantal', 'stukprijs', 'prijs per stuk', 'pakbon', 'bestelling', 'betalingstermijn'],
};
