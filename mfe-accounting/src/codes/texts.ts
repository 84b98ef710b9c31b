import { defineTexts } from 'shared-kernel/kit';

export const { useTexts, texts } = defineTexts('accounting.codes', {
  fr: {
    title: 'Codes comptables',
    intro:
      'Les comptes sur lesquels les factures, avoirs, acomptes et règlements sont passés en écritures. Les valeurs proposées suivent le plan comptable général ; chaque numéro commence par le chiffre de sa classe.',
    loadError: 'Les codes comptables n’ont pas pu être chargés',
    retry: 'Réessayer',
    saved: 'Codes comptables enregistrés',
    products: 'Ventes par type comptable',
    vat: 'TVA collectée par taux',
    vatRate: (rate: string) => `TVA ${rate} %`,
    payments: 'Règlements par mode',
    clients: 'Comptes clients',
    clientsMode: 'Comptes clients',
    collective: 'Un compte collectif',
    auxiliary: 'Un compte par client (préfixe + code client)',
    collectiveAccount: 'Compte collectif',
    prefix: 'Préfixe des comptes clients',
    counterSalesClient: 'Client des ventes au comptoir (caisse)',
    others: 'Autres comptes',
    duties: 'Droits d’accises',
    deposits: 'Acomptes reçus',
    other: {
      tax: 'Taxes',
      minusGap: 'Écart négatif',
      plusGap: 'Écart positif',
      profit: 'Produit exceptionnel',
      loss: 'Charge exceptionnelle',
      escompte: 'Escompte accordé',
    } as Record<string, string>,
  },
});
