// The reservations' wording of the orders screens (same shape as the orders' `kind` texts, ../orders/texts.ts).
import { defineTexts } from 'shared-kernel/kit';
import type { KindTexts } from '../orders/texts';

const defined = defineTexts('sales.reservations', {
  fr: {
    buyerTitle: 'Mes réservations',
    sellerTitle: 'Réservations de la boutique',
    agentTitle: 'Réservations',
    empty: 'Aucune réservation pour le moment',
    emptyFiltered: 'Aucune réservation avec ce statut',
    buyerEmptyHint: 'Vos réservations de visites et dégustations apparaîtront ici.',
    notFound: 'Réservation introuvable',
    back: 'Retour aux réservations',
    detailTitle: (n: string) => `Réservation n° ${n}`,
    listLabel: 'Liste des réservations',
    total: (n: number) => `${n} réservation${n > 1 ? 's' : ''}`,
    csvFilename: 'reservations',
  },
});

/** Typed as the orders' `kind` texts: a missing or different text is a compile error. */
export const texts: KindTexts = defined.texts;
export const useTexts: () => KindTexts = defined.useTexts;
