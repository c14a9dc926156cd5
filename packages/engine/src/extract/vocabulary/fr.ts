import type { Vocabulary } from './types';

export const fr: Vocabulary = {
  language: 'fr',
  columns: {
    date: ['date', 'dates', 'jour', "date d'opération", 'date opération', 'date de l’opération', "date de l'opération", 'date op'],
    postingDate: ['date comptabilisation', 'comptabilisation', 'date comptable', 'date de comptabilisation', 'date d’inscription', "date d'inscription", 'date de traitement', 'date de passage', 'comptabilisé le', 'date de report'],
    transactionDate: ['date de transaction', "date d'achat", 'date achat', 'date de l’achat', "date de l'achat", 'date opération carte'],
    valueDate: ['date de valeur', 'date valeur', 'valeur', 'val'],
    description: ['libellé', 'libelle', 'libellé de l’opération', "libellé de l'opération", 'libellés', 'détail', 'détails', 'détail des opérations', 'nature de l’opération', "nature de l'opération", 'nature des opérations', 'description', 'opération', 'opérations', 'désignation', 'intitulé', 'transaction', 'bénéficiaire', 'motif', 'référence de l’opération'],
    debit: ['débit', 'débits', 'retrait', 'retraits', 'sortie', 'sorties', 'montant débit', 'débit euros', 'débit eur', 'paiements', 'dépenses'],
    credit: ['crédit', 'crédits', 'dépôt', 'dépôts', 'versement', 'versements', 'entrée', 'entrées', 'montant crédit', 'crédit euros', 'crédit eur', 'encaissements'],
    amount: ['montant', 'montants', 'somme', 'montant de l’opération', "montant de l'opération", 'montant net'],
    balance: ['solde', 'soldes', 'solde courant', 'nouveau solde', 'solde progressif', 'solde en euros', 'solde après opération'],
    reference: ['référence', 'réf', 'ref', 'n° de référence', 'numéro', 'n°', 'no', 'n° chèque', 'numéro de chèque', 'chèque', 'pièce', 'n° pièce', 'n° d’opération', "n° d'opération"],
    sign: ['d/c', 'c/d', 'débit/crédit', 'crédit/débit', 'sens', '+/-'],
    unused: ['frais', 'commission', 'commissions', 'montant en devise', 'devise', 'montant devise', 'montant d’origine', "montant d'origine", 'taux', 'taux de change', 'cours', 'catégorie', 'canal', 'code', 'code opération', 'type', 'type d’opération', "type d'opération", 'heure', 'agence', 'statut', 'carte', 'numéro de carte', 'compte', 'points'],
  },
  rows: {
    opening: ['solde antérieur dû', 'solde au', 'solde précédent', 'ancien solde', 'solde initial', 'solde d’ouverture', "solde d'ouverture", 'solde reporté', 'report', 'solde au début', 'solde de début', 'solde antérieur', 'solde créditeur au', 'solde débiteur au', 'solde en début de période', 'report à nouveau'],
    closing: ['montant dû', 'solde dû', 'montant à payer', 'total à payer', 'nouveau solde', 'solde final', 'solde de clôture', 'solde fin', 'solde à reporter', 'à reporter', 'a reporter', 'solde en fin de période', 'solde au', 'solde créditeur au', 'solde débiteur au'],
    total: ['total', 'totaux', 'sous-total', 'total des opérations', 'total des débits', 'total des crédits', 'total du jour', 'total période', 'total des mouvements'],
  },
  signs: { debit: ['d', 'db', 'débit', 'dr', '-'], credit: ['c', 'cr', 'crédit', '+'] },
  facts: {
    period: ['période', 'période du relevé', 'relevé du', 'relevé de compte du', 'période d’arrêté', "période d'arrêté", 'arrêté au', 'relevé au'],
    rangeJoin: ['au', 'à', 'jusqu’au', "jusqu'au", '-', '–'],
    rangeFrom: ['du', 'de', 'depuis le', 'période du'],
    statementDate: ['date du relevé', 'date d’édition', "date d'édition", 'édité le', 'arrêté au', 'date d’arrêté', "date d'arrêté", 'relevé au'],
    account: ['numéro de compte', 'n° de compte', 'no de compte', 'compte', 'compte n°', 'iban', 'numéro de carte', 'n° de carte', 'carte n°'],
    holder: ['titulaire', 'titulaire du compte', 'nom', 'client'],
    card: ['carte de crédit', 'paiement minimum', 'paiement minimal', 'montant minimum', 'limite de crédit', 'plafond', 'date d’échéance', "date d'échéance", 'crédit disponible', 'relevé de carte'],
    overdrawn: ['débiteur', 'db', 'd'],
    currency: ['montants en', 'montants exprimés en', 'devise', 'monnaie'],
  },
  notStatement: ['facture', 'numéro de facture', 'n° de facture', 'devis', 'bon de commande', 'bon de livraison', 'reçu', 'ticket de caisse', 'tva', 'quantité', 'qté', 'prix unitaire', 'montant ht', 'montant ttc', 'total ttc', 'conditions de paiement'],
};
