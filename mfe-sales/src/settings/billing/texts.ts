import { defineTexts } from 'shared-kernel/kit';

export const { useTexts, texts } = defineTexts('sales.settings.billing', {
  fr: {
    intro:
      'L’identité légale de la boutique, imprimée sur chaque facture, avoir et devis, la numérotation des documents, les conditions de règlement et les comptes bancaires.',
    notSet: 'Les informations de facturation ne sont pas encore renseignées : complétez-les avant d’émettre une première facture.',
    ownerOnly: 'Seul le propriétaire de la boutique peut consulter et modifier les informations de facturation.',
    loadError: 'Les informations de facturation n’ont pas pu être chargées',
    retry: 'Réessayer',
    saved: 'Informations de facturation enregistrées',
    // legal identity
    identity: 'Identité légale',
    companyName: 'Raison sociale',
    legalForm: 'Forme juridique',
    legalFormPlaceholder: 'SCEA, SARL, EARL…',
    capital: 'Capital social',
    siret: 'SIRET',
    siretHelp: '14 chiffres',
    rcs: 'RCS',
    rcsPlaceholder: 'RCS Dijon 123 456 789',
    vatNumber: 'N° de TVA intracommunautaire',
    exciseNumber: 'N° d’accise',
    email: 'Mail',
    phone: 'Téléphone',
    // address
    address: 'Adresse du siège',
    street: 'Adresse',
    street2: 'Complément d’adresse',
    zipcode: 'Code postal',
    city: 'Ville',
    country: 'Pays',
    // numbering
    numbering: 'Numérotation des documents',
    numberingHelp:
      'Chaque document reçoit le préfixe, l’année et un numéro à 5 chiffres, sans trou et repris à 1 chaque année : F2026-00001, F2026-00002… Un changement de préfixe s’applique au prochain numéro seulement : les documents déjà émis gardent le leur.',
    invoicePrefix: 'Préfixe des factures',
    creditPrefix: 'Préfixe des avoirs',
    quotePrefix: 'Préfixe des devis',
    nextExample: (example: string) => `Exemple : ${example}`,
    // payment
    payment: 'Règlement',
    defaultPaymentDelay: 'Délai de paiement par défaut',
    latePenalty: 'Pénalités de retard',
    latePenaltyHelp: 'Taux des pénalités de retard imprimé sur les factures (Code de commerce, art. L441-10)',
    allowOverpayment: 'Accepter les trop-perçus (crédit client)',
    reminderDays: 'Relances des impayés',
    reminderDaysHelp: 'Un mail de relance part ce nombre de jours après l’échéance, une fois par niveau (5 au plus).',
    vatOnDebits: 'Option pour le paiement de la TVA d’après les débits',
    vatOnDebitsHelp:
      'À cocher si vous avez opté auprès de votre service des impôts pour acquitter la TVA sur vos prestations de services d’après les débits (CGI, art. 269-2-c) : vos factures porteront la mention « Option pour le paiement de la taxe d’après les débits ».',
    allowOverpaymentHelp:
      'Un règlement supérieur au reste à payer devient un crédit du client, utilisable sur ses prochaines factures ; sinon il est refusé.',
    // banks
    banks: 'Comptes bancaires',
    banksHelp: 'Jusqu’à 5 comptes ; le compte par défaut est imprimé sur les factures.',
    noBank: 'Aucun compte bancaire',
    bank: (n: number) => `Compte ${n}`,
    bankLabel: 'Libellé',
    bankLabelPlaceholder: 'Compte courant',
    iban: 'IBAN',
    bic: 'BIC',
    isDefault: 'Compte par défaut',
    addBank: 'Ajouter un compte bancaire',
    removeBank: (n: number) => `Retirer le compte ${n}`,
    // mentions
    mentions: 'Mentions légales',
    legalMentions: 'Mentions libres',
    legalMentionsHelp: 'Imprimées au pied de chaque facture',
  },
  en: {
    identity: 'Legal identity',
    numbering: 'Document numbering',
    payment: 'Payment',
    banks: 'Bank accounts',
    mentions: 'Legal mentions',
  },
});
