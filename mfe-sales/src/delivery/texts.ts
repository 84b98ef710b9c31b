// Texts of /dashboard/delivery (expéditions). Status labels are the §4 ones of shared-kernel/domain (DELIVERY_STATUS).
import { defineTexts } from 'shared-kernel/kit';

export const { useTexts, texts } = defineTexts('sales.delivery', {
  fr: {
    title: 'Expéditions',
    label: 'Commandes à préparer et expédier',
    empty: 'Aucune commande à expédier pour le moment',
    emptyFiltered: 'Aucune commande ne correspond à ces filtres',
    total: (n: number) => `${n} commande${n > 1 ? 's' : ''}`,
    csv: 'expeditions',
    filter: 'Statut de livraison',
    groups: {
      open: 'En cours',
      toShip: 'À expédier',
      inTransit: 'En transit',
      delivered: 'Livrées',
      incidents: 'Incidents',
    },
    columns: {
      number: 'N°',
      date: 'Date',
      client: 'Client',
      city: 'Ville',
      bottles: 'Bouteilles',
      packages: 'Colis',
      warehouse: 'Entrepôt',
      status: 'Livraison',
      carrier: 'Transporteur',
      actions: 'Actions',
    },
    bottles: (n: number) => `${n} bouteille${n > 1 ? 's' : ''}`,
    packages: (n: number) => `${n} colis`,
    shippedAt: (date: string) => `expédiée le ${date}`,
    deliveredAt: (date: string) => `livrée le ${date}`,
    actions: {
      group: (n: string) => `Actions de la commande ${n}`,
      note: 'Bon de livraison',
      ship: 'Expédier',
      deliver: 'Marquer livrée',
      deliverTitle: (n: string) => `Marquer la commande ${n} comme livrée ?`,
      deliverContent: 'Le statut de livraison passe à « Livrée ».',
    },
    ship: {
      title: (n: string) => `Expédier la commande ${n}`,
      intro: 'Le client reçoit par mail le transporteur et le numéro de suivi.',
      carrier: 'Transporteur',
      carrierHelp: 'Colissimo, Chronopost, transporteur vinicole…',
      trackingNumber: 'Numéro de suivi',
      submit: 'Expédier',
      cancel: 'Annuler',
    },
  },
});
