import type { Vocabulary } from './types';

export const pl: Vocabulary = {
  language: 'pl',
  columns: {
    date: ['data', 'daty', 'data operacji', 'data transakcji'],
    postingDate: ['data księgowania', 'data ksiegowania', 'data zaksięgowania', 'data rozliczenia'],
    transactionDate: ['data transakcji kartą', 'data zakupu'],
    valueDate: ['data waluty', 'waluta', 'data wartości'],
    description: ['opis', 'opis operacji', 'opis transakcji', 'tytuł', 'tytuł operacji', 'tytułem', 'szczegóły', 'szczegóły transakcji', 'nazwa', 'kontrahent', 'odbiorca', 'nadawca', 'odbiorca/nadawca', 'treść', 'operacja', 'rodzaj operacji'],
    debit: ['obciążenia', 'obciążenie', 'wypłaty', 'wypłata', 'wydatki', 'winien', 'wn', 'kwota obciążenia', 'debet'],
    credit: ['uznania', 'uznanie', 'wpłaty', 'wpłata', 'wpływy', 'ma', 'kwota uznania', 'kredyt'],
    amount: ['kwota', 'kwoty', 'kwota operacji', 'kwota transakcji', 'wartość'],
    balance: ['saldo', 'salda', 'saldo po operacji', 'saldo księgowe', 'saldo dostępne', 'stan konta'],
    reference: ['referencje', 'numer referencyjny', 'nr ref', 'numer', 'nr', 'numer dokumentu', 'nr transakcji', 'identyfikator'],
    sign: ['wn/ma', 'ma/wn', 'd/c', '+/-', 'znak'],
    unused: ['prowizja', 'prowizje', 'opłata', 'opłaty', 'kwota w walucie', 'waluta oryginalna', 'kwota oryginalna', 'kurs', 'kurs wymiany', 'kategoria', 'kanał', 'kod', 'typ', 'typ operacji', 'godzina', 'oddział', 'status', 'karta', 'numer karty', 'rachunek', 'konto', 'punkty'],
  },
  rows: {
    opening: ['saldo na dzień', 'saldo początkowe', 'saldo poczatkowe', 'saldo otwarcia', 'saldo poprzednie', 'saldo z poprzedniego wyciągu', 'saldo na początek', 'z przeniesienia', 'przeniesienie'],
    closing: ['kwota do zapłaty', 'zadłużenie', 'saldo na dzień', 'saldo końcowe', 'saldo koncowe', 'saldo zamknięcia', 'nowe saldo', 'saldo na koniec', 'do przeniesienia'],
    total: ['suma', 'razem', 'ogółem', 'łącznie', 'suma obciążeń', 'suma uznań', 'podsumowanie'],
  },
  signs: { debit: ['wn', 'd', 'obciążenie', '-'], credit: ['ma', 'c', 'uznanie', '+'] },
  facts: {
    period: ['okres', 'okres rozliczeniowy', 'wyciąg za okres', 'za okres', 'wyciąg z dnia'],
    rangeJoin: ['do', '-', '–'],
    rangeFrom: ['od', 'za okres od', 'okres'],
    statementDate: ['data wyciągu', 'data wystawienia', 'data sporządzenia', 'wygenerowano'],
    account: ['numer rachunku', 'nr rachunku', 'rachunek', 'numer konta', 'nr konta', 'iban', 'numer karty'],
    holder: ['posiadacz', 'posiadacz rachunku', 'właściciel', 'nazwa', 'klient'],
    card: ['karta kredytowa', 'minimalna kwota do zapłaty', 'kwota minimalna', 'limit kredytowy', 'dostępny limit', 'termin płatności', 'zestawienie transakcji karty'],
    overdrawn: ['debet', 'wn'],
    currency: ['waluta', 'waluta rachunku'],
  },
  notStatement: ['faktura', 'faktura vat', 'numer faktury', 'paragon', 'rachunek do zapłaty', 'oferta', 'zamówienie', 'vat', 'ilość', 'cena jednostkowa', 'wartość netto', 'wartość brutto', 'termin płatności faktury'],
};
