import { defineTexts } from 'shared-kernel/kit';

export const { useTexts, texts } = defineTexts('stock.settings.products', {
  fr: {
    intro: 'Ce qu’un nouveau produit reçoit à sa création, et l’affichage des produits de la boutique.',
    vatType: 'TVA par défaut',
    vatTypes: { standard: 'Normale (20 %)', medium: 'Intermédiaire (10 %)', reduced: 'Réduite (5,5 %)' } as Record<string, string>,
    formatCard: 'Format par défaut',
    unity: 'Unité',
    value: 'Contenance',
    valueHelp: 'En centilitres pour le litre (75 = 75 cl)',
    container: 'Contenant',
    packing: 'Colisage',
    packingQuantity: 'Quantité par colis',
    visibleTypologies: 'Prix visibles par défaut pour',
    titleProducts: 'Titre de la liste des produits',
    allRulesInEq75: 'Règles de quantité en équivalent 75 cl',
    saved: 'Les réglages des produits ont été enregistrés',
    ownerOnly: 'Seul le propriétaire de la boutique peut modifier ces réglages.',
    loadError: 'Les réglages n’ont pas pu être chargés',
    retry: 'Réessayer',
  },
  en: { formatCard: 'Default format' },
});
