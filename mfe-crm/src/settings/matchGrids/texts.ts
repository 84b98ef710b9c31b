import { defineTexts } from 'shared-kernel/kit';

export const { useTexts, texts } = defineTexts('crm.settings.matchGrids', {
  fr: {
    intro:
      'Les grilles de correspondance traduisent les codes des fichiers que vous importez (ceux de votre logiciel de gestion) en formats, typologies et moyens de paiement de la boutique. Un code ne figure qu’une fois par grille.',
    ownerOnly: 'Seul le propriétaire de la boutique peut modifier les grilles de correspondance.',
    loadError: 'Les grilles de correspondance n’ont pas pu être chargées',
    retry: 'Réessayer',
    saved: 'Grilles de correspondance enregistrées',
    grids: {
      products: 'Produits',
      typologies: 'Typologies de clients',
      paymentMethods: 'Moyens de paiement',
    } as Record<string, string>,
    gridHelp: {
      products: 'Le code d’un article dans vos fichiers et le format de la boutique auquel il correspond.',
      typologies: 'Le code d’une catégorie de clients dans vos fichiers et la typologie de la boutique correspondante.',
      paymentMethods:
        'Le code d’un règlement dans vos fichiers et le moyen de paiement correspondant : l’export de vos données écrit ce code dans les commandes.',
    } as Record<string, string>,
    empty: 'Aucune correspondance pour le moment.',
    row: (grid: string, n: number) => `${grid} — ligne ${n}`,
    code: 'Code du producteur',
    label: 'Libellé (facultatif)',
    target: {
      products: 'Format de la boutique',
      typologies: 'Typologie de la boutique',
      paymentMethods: 'Moyen de paiement',
    } as Record<string, string>,
    addRow: 'Ajouter une ligne',
    addRowTo: (grid: string) => `Ajouter une ligne (${grid})`,
    removeRow: (grid: string, n: number) => `Retirer la ligne ${n} (${grid})`,
    searchFormat: 'Rechercher un produit',
    noFormat: 'Aucun format',
    loadingOptions: 'Chargement…',
    formatDeleted: (id: number) => `Format n°${id} (supprimé)`,
    typologyUnknown: (id: string) => `${id} (typologie supprimée)`,
    full: (max: number) => `Une grille contient au maximum ${max} lignes.`,
  },
  en: {
    intro:
      'The matching grids translate the codes of the files you import (those of your management software) into the shop’s formats, typologies and payment methods. A code appears once per grid.',
    ownerOnly: 'Only the shop owner can change the matching grids.',
    loadError: 'The matching grids could not be loaded',
    retry: 'Retry',
    saved: 'Matching grids saved',
    grids: { products: 'Products', typologies: 'Client typologies', paymentMethods: 'Payment methods' },
    gridHelp: {
      products: 'An item’s code in your files and the shop format it stands for.',
      typologies: 'A client category’s code in your files and the matching shop typology.',
      paymentMethods:
        'A payment’s code in your files and the matching payment method: the export of your data writes this code in the orders.',
    },
    empty: 'No matching yet.',
    row: (grid: string, n: number) => `${grid} — row ${n}`,
    code: 'Producer code',
    label: 'Label (optional)',
    target: { products: 'Shop format', typologies: 'Shop typology', paymentMethods: 'Payment method' },
    addRow: 'Add a row',
    addRowTo: (grid: string) => `Add a row (${grid})`,
    removeRow: (grid: string, n: number) => `Remove row ${n} (${grid})`,
    searchFormat: 'Search a product',
    noFormat: 'No format',
    loadingOptions: 'Loading…',
    formatDeleted: (id: number) => `Format #${id} (deleted)`,
    typologyUnknown: (id: string) => `${id} (deleted typology)`,
    full: (max: number) => `A grid holds ${max} rows at most.`,
  },
});
