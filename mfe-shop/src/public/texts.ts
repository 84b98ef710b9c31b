import { useTranslation } from 'react-i18next';

/** Texts of the public shop pages (fr default, en). */
const fr = {
  loading: 'Chargement…',
  allProducts: 'Tous les produits',
  otherProducts: 'Autres produits',
  search: 'Rechercher un produit',
  noResult: 'Aucun produit ne correspond à votre recherche',
  noProducts: "Cette boutique n'a pas encore de produits en ligne",
  shopNotFound: 'Boutique introuvable',
  productNotFound: 'Produit inexistant',
  range: 'Gamme', type: 'Type', color: 'Couleur', vintage: 'Millésime', brew: 'Brassin',
  nonVintage: 'Non millésimé',
  format: 'Format',
  quantity: 'Quantité',
  addToCart: 'Ajouter au panier',
  added: 'Produit ajouté au panier',
  inStock: 'En stock', outOfStock: 'Rupture de stock', paused: 'Momentanément indisponible', closed: 'Plus disponible',
  ttc: 'TTC', ht: 'HT',
  from: 'Dès',
  offered: 'offert(s)',
  tiers: 'Prix par quantité',
  pricesReserved: 'Les prix sont réservés aux clients de la boutique.',
  signIn: 'Se connecter pour voir les prix',
  requestGrid: 'Demander la grille tarifaire',
  noPrice: 'Prix sur demande',
  unitPriceFor: 'Prix unitaire pour',
  promo: 'Promotion',
  promoAlways: 'Offre en cours',
  promoMinProduct: 'dès {n} unités de ce produit',
  promoMinPrice: 'dès {n} de ce produit',
  promoMinProductOrder: 'dès {n} produits dans la commande',
  promoMinPriceOrder: 'dès {n} de commande',
  evin: "L'abus d'alcool est dangereux pour la santé, à consommer avec modération.",
  ageTitle: 'Accès réservé aux personnes majeures',
  ageText: "La vente d'alcool est interdite aux mineurs. Avez-vous 18 ans ou plus ?",
  ageYes: "Oui, j'ai 18 ans ou plus",
  ageNo: "Non, j'ai moins de 18 ans",
  legalNotice: 'Mentions légales',
  nutrition: 'Valeurs nutritionnelles',
  nutritionTitle: 'Informations nutritionnelles et ingrédients',
  per100: 'Pour 100 ml',
  energy: 'Énergie', fat: 'Matières grasses', saturates: 'dont acides gras saturés', carbohydrate: 'Glucides', sugars: 'dont sucres',
  protein: 'Protéines', salt: 'Sel', ingredients: 'Ingrédients', allergensNote: 'Les allergènes sont indiqués en gras.',
  alcohol: 'Titre alcoométrique', appellation: 'Appellation', producer: 'Producteur', country: 'Pays', grape: 'Cépages', category: 'Catégorie',
  noNutrition: "La déclaration nutritionnelle de ce produit n'est pas encore disponible.",
  chooseProduct: 'Choisissez un produit pour voir son étiquette électronique',
  back: 'Retour à la boutique',
  shopsTitle: 'Boutiques en ligne',
  shopsSearch: 'Rechercher une boutique',
  noShop: 'Aucune boutique ne correspond à votre recherche',
  gs1Invalid: "Ce code GTIN n'est pas valide",
  gs1Unknown: 'Aucun produit ne correspond à ce code GTIN',
  gs1Title: 'Produit introuvable',
  home: "Retour à l'accueil",
  menu: 'Menu de la boutique', close: 'Fermer', mySpace: 'Mon espace', logout: 'Déconnexion',
  filters: 'Filtres',
  results: '{n} produit(s)',
  see: 'Voir le produit',
  qrDownload: 'Télécharger le QR code',
  packing: 'Conditionnement',
  unavailable: 'Indisponible',
};
type Texts = typeof fr;
const en: Texts = {
  loading: 'Loading…',
  allProducts: 'All products', otherProducts: 'Other products', search: 'Search a product',
  noResult: 'No product matches your search', noProducts: 'This shop has no products online yet',
  shopNotFound: 'Shop not found', productNotFound: 'Product not found',
  range: 'Range', type: 'Type', color: 'Colour', vintage: 'Vintage', brew: 'Batch', nonVintage: 'Non-vintage',
  format: 'Size', quantity: 'Quantity', addToCart: 'Add to cart', added: 'Product added to the cart',
  inStock: 'In stock', outOfStock: 'Out of stock', paused: 'Temporarily unavailable', closed: 'No longer available',
  ttc: 'incl. VAT', ht: 'excl. VAT', from: 'From', offered: 'free', tiers: 'Quantity prices',
  pricesReserved: "Prices are reserved to the shop's customers.", signIn: 'Sign in to see prices', requestGrid: 'Request the price list',
  noPrice: 'Price on request', unitPriceFor: 'Unit price for', promo: 'Promotion', promoAlways: 'Current offer',
  promoMinProduct: 'from {n} units of this product', promoMinPrice: 'from {n} of this product',
  promoMinProductOrder: 'from {n} products in the order', promoMinPriceOrder: 'from an order of {n}',
  evin: "L'abus d'alcool est dangereux pour la santé, à consommer avec modération.",
  ageTitle: 'Adults only', ageText: 'Selling alcohol to minors is prohibited. Are you 18 or older?',
  ageYes: 'Yes, I am 18 or older', ageNo: 'No, I am under 18',
  legalNotice: 'Legal notice', nutrition: 'Nutrition facts', nutritionTitle: 'Nutrition information and ingredients', per100: 'Per 100 ml',
  energy: 'Energy', fat: 'Fat', saturates: 'of which saturates', carbohydrate: 'Carbohydrate', sugars: 'of which sugars',
  protein: 'Protein', salt: 'Salt', ingredients: 'Ingredients', allergensNote: 'Allergens are shown in bold.',
  alcohol: 'Alcohol by volume', appellation: 'Appellation', producer: 'Producer', country: 'Country', grape: 'Grape varieties', category: 'Category',
  noNutrition: 'The nutrition declaration of this product is not available yet.', chooseProduct: 'Choose a product to see its e-label',
  back: 'Back to the shop', shopsTitle: 'Online shops', shopsSearch: 'Search a shop', noShop: 'No shop matches your search',
  gs1Invalid: 'This GTIN is not valid', gs1Unknown: 'No product matches this GTIN', gs1Title: 'Product not found', home: 'Back to home',
  menu: 'Shop menu', close: 'Close', mySpace: 'My space', logout: 'Log out', filters: 'Filters', results: '{n} product(s)', see: 'See the product',
  qrDownload: 'Download the QR code', packing: 'Packing', unavailable: 'Unavailable',
};

export type { Texts };
export const TEXTS = { fr, en };

export function textsFor(lang: string | undefined): Texts {
  return lang?.startsWith('en') ? en : fr;
}

/** The texts in the visitor's language (re-renders on language change). */
export function useTexts(): Texts & { lang: 'fr' | 'en' } {
  const { i18n } = useTranslation();
  const lang = i18n?.language?.startsWith('en') ? 'en' : 'fr';
  return { ...textsFor(lang), lang };
}

export const fill = (s: string, n: string | number) => s.replace('{n}', String(n));
