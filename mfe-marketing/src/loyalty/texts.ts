import { defineTexts } from 'shared-kernel/kit';

const frNumber = (n: number) => n.toLocaleString('fr-FR');
const enNumber = (n: number) => n.toLocaleString('en-GB');

export const { useTexts, texts } = defineTexts('marketing.loyalty', {
  fr: {
    label: 'Mes points de fidélité par boutique',
    loading: 'Chargement…',
    error: 'Impossible de charger vos points de fidélité',
    retry: 'Réessayer',
    empty: "Vous n'avez pas encore de points de fidélité",
    emptyHint: 'Vos achats dans les boutiques qui ont un programme de fidélité vous en feront gagner.',
    // « 0 point », « 1 point », « 320 points » (French: singular below 2)
    points: (n: number) => `${frNumber(n)} point${Math.abs(n) >= 2 ? 's' : ''}`,
    level: (name: string) => `Niveau atteint : ${name}`,
    noLevel: 'Aucun niveau atteint',
    toNext: (needed: number, name: string) => `Encore ${frNumber(needed)} point${needed >= 2 ? 's' : ''} pour atteindre ${name}`,
    top: 'Vous avez atteint le plus haut niveau',
    offersLabel: (shop: string) => `Offres disponibles chez ${shop}`,
    offerOf: (level: string, points: string) => `${level} (${points})`,
    products: (names: string) => `au choix : ${names}`,
    useInCart: 'À utiliser dans votre panier',
  },
  en: {
    label: 'My loyalty points by shop',
    loading: 'Loading…',
    error: 'Your loyalty points could not be loaded',
    retry: 'Retry',
    empty: 'You have no loyalty points yet',
    emptyHint: 'Your purchases in shops with a loyalty programme will earn you some.',
    points: (n: number) => `${enNumber(n)} point${Math.abs(n) === 1 ? '' : 's'}`,
    level: (name: string) => `Level reached: ${name}`,
    noLevel: 'No level reached yet',
    toNext: (needed: number, name: string) => `${enNumber(needed)} more point${needed === 1 ? '' : 's'} to reach ${name}`,
    top: 'You have reached the highest level',
    offersLabel: (shop: string) => `Offers available at ${shop}`,
    offerOf: (level: string, points: string) => `${level} (${points})`,
    products: (names: string) => `to choose from: ${names}`,
    useInCart: 'To use in your cart',
  },
});
