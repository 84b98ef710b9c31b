// Texts of /dashboard/orders/ventilate. Axis labels are the contract's VENTILATION_AXIS_LABELS.
import { defineTexts } from 'shared-kernel/kit';

export const { useTexts, texts } = defineTexts('sales.ventilation', {
  fr: {
    title: 'Ventilations',
    explain:
      "Les totaux sont les factures et factures d'acompte moins les avoirs émis sur la période ; un acompte déduit par sa facture finale n'est compté qu'une fois.",
    period: 'Période',
    preset: 'Période rapide',
    custom: 'Personnalisée',
    from: 'Du',
    to: 'Au',
    periodOf: (from: string, to: string) => `Du ${from} au ${to}`,
    exportCsv: 'Exporter (CSV)',
    exportXlsx: 'Exporter (Excel)',
    totals: 'Totaux de la période',
    ht: 'HT',
    vat: 'TVA',
    ttc: 'TTC',
    totalHT: 'Total HT',
    totalVAT: 'TVA',
    totalTTC: 'Total TTC',
    documents: (invoices: number, credits: number) =>
      `${invoices} facture${invoices > 1 ? 's' : ''} · ${credits} avoir${credits > 1 ? 's' : ''}`,
    documentsTitle: 'Pièces',
    axes: 'Ventilation par axe',
    label: 'Libellé',
    total: 'Total',
    payments: 'Règlements reçus sur la période',
    paymentsTTC: 'Montant TTC',
    noRows: 'Rien sur cette période pour cet axe',
    empty: 'Aucune facture, aucun avoir ni aucun règlement sur cette période',
    emptyHint: 'Choisissez une autre période.',
    tableOf: (axis: string) => `Ventilation : ${axis}`,
  },
});
