import { defineTexts } from 'shared-kernel/kit';

/** Texts of /dashboard/iframes (the dashboard forces French). */
export const { useTexts, texts } = defineTexts('shop.iframes', {
  fr: {
    title: 'Iframes',
    intro: 'Intégrez votre boutique ou un produit sur votre site : copiez le code et collez-le dans une page de votre site.',
    list: 'Iframes de la boutique',
    empty: "Vous n'avez pas encore d'iframe",
    add: 'Nouvelle iframe',
    name: 'Nom',
    kind: 'Type',
    product: 'Produit',
    createdAt: 'Créée le',
    code: "Code d'intégration",
    kinds: { list: 'Liste des produits', product: 'Un produit' },
    productNumber: (id: number) => `Produit n°${id}`,
    productDeleted: 'Produit supprimé',
    copy: 'Copier le code',
    copied: 'Copié',
    copyOf: (name: string) => `Copier le code de ${name}`,
    copyDone: (name: string) => `Code de l'iframe « ${name} » copié`,
    copyFailed: "Impossible de copier le code : sélectionnez-le sur la page de l'iframe.",
    edit: 'Modifier',
    editOf: (name: string) => `Modifier ${name}`,
    remove: 'Supprimer',
    removeOf: (name: string) => `Supprimer ${name}`,
    removeTitle: "Supprimer l'iframe ?",
    removeText: (name: string) => `Les sites qui intègrent « ${name} » afficheront une page introuvable.`,
    none: '-',
  },
});
