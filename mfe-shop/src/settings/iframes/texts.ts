import { defineTexts } from 'shared-kernel/kit';

export const { useTexts, texts } = defineTexts('shop.settings.iframes', {
  fr: {
    intro:
      'Les iframes intègrent votre boutique, ou un de ses produits, sur un autre site : copiez le code d’intégration d’une iframe et collez-le dans une page de ce site.',
    loadError: 'Les iframes n’ont pas pu être chargées',
    retry: 'Réessayer',
    moduleOff: 'Le module Iframes n’est pas activé pour votre boutique.',
    moduleOffLink: 'Activer le module dans les intégrations',
    kindsHelp:
      'Une iframe montre le nom de votre boutique avec ses produits en ligne, ou un seul de ses produits ; elle peut être intégrée sur n’importe quel site.',
    listCard: 'Mes iframes',
    list: 'Iframes de la boutique',
    empty: 'Vous n’avez pas encore d’iframe',
    add: 'Nouvelle iframe',
    seeAll: (n: number) => `Voir toutes les iframes (${n})`,
    manage: 'Gérer les iframes',
    kinds: { list: 'Liste des produits', product: 'Un produit' } as Record<string, string>,
    createdAt: (date: string) => `créée le ${date}`,
    open: (name: string) => `Ouvrir l’iframe ${name}`,
  },
  en: {
    intro:
      'Iframes embed your shop, or one of its products, in another site: copy an iframe’s embed code and paste it into a page of that site.',
    loadError: 'The iframes could not be loaded',
    retry: 'Retry',
    moduleOff: 'The Iframes module is not switched on for your shop.',
    moduleOffLink: 'Switch the module on in the integrations',
    kindsHelp: 'An iframe shows your shop’s name with its online products, or one of its products; it can be embedded in any site.',
    listCard: 'My iframes',
    list: 'Shop iframes',
    empty: 'You have no iframe yet',
    add: 'New iframe',
    seeAll: (n: number) => `See all iframes (${n})`,
    manage: 'Manage the iframes',
    kinds: { list: 'Product list', product: 'One product' },
    createdAt: (date: string) => `created on ${date}`,
    open: (name: string) => `Open the iframe ${name}`,
  },
});
