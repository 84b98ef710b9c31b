import { defineTexts } from 'shared-kernel/kit';

export const { useTexts, texts } = defineTexts('sales.dashboard', {
  fr: {
    toValidate: {
      count: (n: number) => (n === 0 ? 'Aucune commande à valider' : n === 1 ? '1 commande à valider' : `${n} commandes à valider`),
      link: 'Voir les commandes à valider',
    },
    revenue: {
      currentMonth: 'Ce mois-ci',
      previousMonth: 'Le mois dernier',
      ttc: 'TTC',
      ht: 'HT',
      orders: (n: number) => (n <= 1 ? `${n} commande` : `${n} commandes`),
      change: (pct: string) => `${pct} par rapport au mois dernier`,
      noComparison: 'Pas de ventes le mois dernier',
      link: 'Voir les commandes',
    },
    lastOrders: { label: 'Dernières commandes', empty: 'Aucune commande pour le moment', link: 'Voir toutes les commandes' },
    reservations: {
      label: 'Prochaines réservations',
      empty: 'Aucune réservation à venir',
      link: 'Voir les réservations',
      places: (n: number) => (n <= 1 ? `${n} place` : `${n} places`),
    },
    unpaids: {
      outstanding: 'Encours clients',
      overdue: 'En retard',
      count: (n: number) => (n === 1 ? '1 facture en retard' : `${n} factures en retard`),
      label: 'Factures en retard les plus anciennes',
      empty: 'Aucune facture en retard',
      invoice: (n: string) => `Facture ${n}`,
      days: (n: number) => `${n} j de retard`,
      link: 'Voir les impayés',
    },
    error: 'Impossible de charger ces données',
    loading: 'Chargement…',
  },
  en: {},
});
