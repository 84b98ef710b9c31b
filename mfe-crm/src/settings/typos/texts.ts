import { defineTexts } from 'shared-kernel/kit';

export const { useTexts, texts } = defineTexts('crm.settings.typos', {
  fr: {
    intro:
      'Les typologies de clients donnent à chacun sa grille de prix (TTC pour les particuliers, HT pour les professionnels). La typologie publique est celle des visiteurs de la boutique.',
    list: 'Typologies de clients',
    empty: 'Aucune typologie pour le moment',
    add: 'Nouvelle typologie',
    edit: 'Modifier',
    remove: 'Supprimer',
    removeConfirm: (name: string) => `Supprimer la typologie « ${name} » ?`,
    yes: 'Supprimer',
    no: 'Annuler',
    addTitle: 'Nouvelle typologie',
    editTitle: (name: string) => `Modifier « ${name} »`,
    name: 'Nom',
    public: 'Publique (prix montrés aux visiteurs)',
    ttc: 'Prix TTC (sinon HT)',
    globalDiscount: 'Remise globale',
    allRulesInEq75: 'Règles de quantité en équivalent 75 cl',
    publicTag: 'Publique',
    ttcTag: 'TTC',
    htTag: 'HT',
    eq75Tag: 'Éq. 75 cl',
    discountTag: (n: number) => `Remise ${String(n).replace('.', ',')} %`,
    usage: (clients: number, prices: number) => `${clients} compte${clients > 1 ? 's' : ''} client · ${prices} prix`,
    ownerOnly: 'Seul le propriétaire de la boutique peut modifier les typologies.',
    saved: 'La typologie a été enregistrée',
    loadError: 'Les typologies n’ont pas pu être chargées',
    retry: 'Réessayer',
  },
  en: { list: 'Client typologies', add: 'New typology' },
});
