/**
 * Language choice: pages are read with English first (fast); when the words read look German,
 * French, Spanish or Portuguese, the page is read again with that language added, and the rest
 * of the document starts with it. Words here are ones the English model still reads well
 * (no accented letters needed) and that English statements do not use.
 */
import type { OcrLanguage, OcrWord } from './backend';

const MARKERS: Record<Exclude<OcrLanguage, 'eng'>, string[]> = {
  deu: [
    'und',
    'der',
    'die',
    'das',
    'von',
    'mit',
    'auf',
    'fur',
    'für',
    'kontoauszug',
    'buchungstag',
    'valuta',
    'wert',
    'verwendungszweck',
    'betrag',
    'kontostand',
    'alter',
    'neuer',
    'lastschrift',
    'gutschrift',
    'uberweisung',
    'überweisung',
    'ubertrag',
    'übertrag',
    'seite',
    'kontonummer',
    'datum',
    'buchung',
    'abrechnung',
    'zeitraum',
    'haben',
    'soll',
    'herr',
    'frau',
    'strasse',
    'straße',
    'sparkasse',
    'girokonto',
    'kartenzahlung',
    'miete',
  ],
  fra: [
    'le',
    'la',
    'les',
    'des',
    'du',
    'et',
    'au',
    'aux',
    'releve',
    'relevé',
    'solde',
    'operation',
    'opération',
    'libelle',
    'libellé',
    'virement',
    'prelevement',
    'prélèvement',
    'compte',
    'montant',
    'crédit',
    'débit',
    'carte',
    'retrait',
    'nouveau',
    'ancien',
    'madame',
    'monsieur',
  ],
  spa: [
    'el',
    'los',
    'las',
    'del',
    'extracto',
    'saldo',
    'fecha',
    'concepto',
    'importe',
    'cuenta',
    'cargo',
    'abono',
    'transferencia',
    'recibo',
    'pagina',
    'página',
    'movimientos',
    'compra',
    'tarjeta',
    'nomina',
    'nómina',
  ],
  por: [
    'os',
    'da',
    'das',
    'dos',
    'extrato',
    'saldo',
    'descricao',
    'descrição',
    'valor',
    'conta',
    'debito',
    'débito',
    'credito',
    'crédito',
    'transferencia',
    'transferência',
    'pagamento',
    'levantamento',
    'movimentos',
  ],
};

/** The extra language the words suggest, if any (at least 4 marker hits and clearly ahead). */
export function suggestLanguage(words: OcrWord[]): Exclude<OcrLanguage, 'eng'> | null {
  const tokens = words.map((w) => w.text.toLowerCase().replace(/[^\p{L}]/gu, '')).filter(Boolean);
  let best: Exclude<OcrLanguage, 'eng'> | null = null;
  let bestHits = 0;
  let second = 0;
  for (const [lang, list] of Object.entries(MARKERS) as [Exclude<OcrLanguage, 'eng'>, string[]][]) {
    const set = new Set(list);
    const hits = tokens.filter((t) => set.has(t)).length;
    if (hits > bestHits) {
      second = bestHits;
      [best, bestHits] = [lang, hits];
    } else if (hits > second) second = hits;
  }
  const share = bestHits / Math.max(1, tokens.length);
  return best && bestHits >= 4 && share >= 0.02 && bestHits >= second * 1.5 ? best : null;
}
