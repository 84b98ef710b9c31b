// Size: the demo catalogue itself (three shops' wines, beers, accessories and boxes with their formats, prices and
// stock), data read top to bottom; the four functions that write it follow the data.
import { eq } from 'drizzle-orm';
import { exciseRatesFor, withGtinCheckDigit } from 'shared-kernel/domain';
import type { Db } from '../platform/db/client';
import {
  eventSlots,
  events,
  formatPrices,
  productFormats,
  productVintages,
  products,
  promotions,
  shopPublicPages,
  shopTabs,
  type BoxBuilderDefinition,
  type NutritionDeclaration,
  type PromotionActivation,
} from '../modules/catalog';
import { shops } from '../platform/db/tables';

/**
 * Demo catalogue: Domaine de Démo (wine, 35 products), Brasserie Démo (8 beers, public prices) and
 * Cave des Pros Démo (a wine merchant, 6 wines, prices reserved to members — §6).
 */

type FormatKey = '37.5' | '75' | '150' | 'bib3' | 'vrac' | '33' | 'fut20' | 'unit';
const FORMATS: Record<
  FormatKey,
  {
    unityValue: number;
    unity: string;
    container: string;
    formatType: 'bottle' | 'bib' | 'vrac' | 'custom';
    nameInShop: string;
    packing: string | null;
    packingQuantity: number;
    weight: number;
    factor: number;
  }
> = {
  '37.5': {
    unityValue: 0.375,
    unity: 'litre',
    container: 'demi',
    formatType: 'bottle',
    nameInShop: 'Demi-bouteille 37,5 cl',
    packing: 'Carton de 12',
    packingQuantity: 12,
    weight: 0.8,
    factor: 0.6,
  },
  '75': {
    unityValue: 0.75,
    unity: 'litre',
    container: 'bouteille',
    formatType: 'bottle',
    nameInShop: 'Bouteille 75 cl',
    packing: 'Carton de 6',
    packingQuantity: 6,
    weight: 1.3,
    factor: 1,
  },
  '150': {
    unityValue: 1.5,
    unity: 'litre',
    container: 'magnum',
    formatType: 'bottle',
    nameInShop: 'Magnum 150 cl',
    packing: 'Caisse bois individuelle',
    packingQuantity: 1,
    weight: 2.6,
    factor: 2.3,
  },
  bib3: {
    unityValue: 3,
    unity: 'litre',
    container: 'bib3',
    formatType: 'bib',
    nameInShop: 'BIB 3 L',
    packing: null,
    packingQuantity: 1,
    weight: 3.3,
    factor: 2.8,
  },
  vrac: {
    unityValue: 1,
    unity: 'litre',
    container: 'vrac',
    formatType: 'vrac',
    nameInShop: 'Vrac (au litre)',
    packing: null,
    packingQuantity: 1,
    weight: 1,
    factor: 0.8,
  },
  '33': {
    unityValue: 0.33,
    unity: 'litre',
    container: 'bouteille33',
    formatType: 'bottle',
    nameInShop: 'Bouteille 33 cl',
    packing: 'Pack de 6',
    packingQuantity: 6,
    weight: 0.55,
    factor: 1,
  },
  fut20: {
    unityValue: 20,
    unity: 'litre',
    container: 'fut',
    formatType: 'vrac',
    nameInShop: 'Fût 20 L',
    packing: null,
    packingQuantity: 1,
    weight: 25,
    factor: 40,
  },
  unit: {
    unityValue: 1,
    unity: 'unité',
    container: 'unite',
    formatType: 'custom',
    nameInShop: "À l'unité",
    packing: null,
    packingQuantity: 1,
    weight: 0.5,
    factor: 1,
  },
};

interface SeedProduct {
  name: string;
  productType: 'bottle' | 'accessory' | 'prestation' | 'box';
  type?: string;
  color?: string;
  gamme?: string;
  labels?: string[];
  vintages: string[];
  formats: FormatKey[];
  priceEuros: number;
  status?: 'online' | 'paused' | 'outofstock' | 'closed' | 'empty';
  alcohol?: number;
  grape?: string;
  appellation?: string;
  sugars?: number;
  tiers?: boolean;
  addOn?: boolean;
  vatType?: 'standard' | 'medium' | 'reduced';
  description?: string;
  quality?: string;
  /** box the buyer composes (/shops/{id}/builders) */
  builder?: BoxBuilderDefinition;
}

const WINES: SeedProduct[] = [
  {
    name: 'Les Galets Rouges',
    productType: 'bottle',
    type: 'stillWine',
    color: 'red',
    gamme: 'Tradition',
    labels: ['AOP'],
    vintages: ['2022', '2021'],
    formats: ['37.5', '75', '150'],
    priceEuros: 12.5,
    alcohol: 14,
    grape: 'Grenache, Syrah',
    appellation: 'Côtes du Rhône',
    tiers: true,
    description: 'Un rouge gourmand aux arômes de fruits noirs et de garrigue.',
  },
  {
    name: 'Cuvée des Ancêtres',
    productType: 'bottle',
    type: 'stillWine',
    color: 'red',
    gamme: 'Prestige',
    labels: ['AOP', 'AB'],
    vintages: ['2020', '2019'],
    formats: ['75', '150'],
    priceEuros: 29,
    alcohol: 14.5,
    grape: 'Syrah, Mourvèdre',
    appellation: 'Gigondas',
    tiers: true,
    addOn: true,
    description: 'Vieilles vignes, élevage de 18 mois en fûts de chêne.',
  },
  {
    name: 'Clos du Moulin',
    productType: 'bottle',
    type: 'stillWine',
    color: 'red',
    gamme: 'Parcellaire',
    labels: ['AOP', 'AB'],
    vintages: ['2021'],
    formats: ['75'],
    priceEuros: 38,
    alcohol: 14,
    grape: 'Grenache',
    appellation: 'Vacqueyras',
  },
  {
    name: 'Rouge de Soif',
    productType: 'bottle',
    type: 'stillWine',
    color: 'red',
    gamme: 'Tradition',
    vintages: ['2023'],
    formats: ['75', 'bib3', 'vrac'],
    priceEuros: 8.9,
    alcohol: 13,
    grape: 'Cinsault, Grenache',
    appellation: 'Vin de France',
    tiers: true,
  },
  {
    name: 'Les Terrasses',
    productType: 'bottle',
    type: 'stillWine',
    color: 'red',
    gamme: 'Tradition',
    labels: ['IGP'],
    vintages: ['2022'],
    formats: ['75'],
    priceEuros: 10.5,
    alcohol: 13.5,
    grape: 'Merlot, Syrah',
    appellation: 'IGP Méditerranée',
  },
  {
    name: 'Pierres Brûlées',
    productType: 'bottle',
    type: 'stillWine',
    color: 'red',
    gamme: 'Parcellaire',
    labels: ['AOP', 'biodynamie'],
    vintages: ['2020'],
    formats: ['75', '150'],
    priceEuros: 45,
    alcohol: 15,
    grape: 'Mourvèdre',
    appellation: 'Bandol',
    status: 'outofstock',
  },
  {
    name: 'Blanc des Collines',
    productType: 'bottle',
    type: 'stillWine',
    color: 'white',
    gamme: 'Tradition',
    labels: ['AOP'],
    vintages: ['2023', '2022'],
    formats: ['37.5', '75'],
    priceEuros: 11.5,
    alcohol: 13,
    grape: 'Viognier, Roussanne',
    appellation: 'Côtes du Rhône',
    tiers: true,
  },
  {
    name: 'Grand Blanc',
    productType: 'bottle',
    type: 'stillWine',
    color: 'white',
    gamme: 'Prestige',
    labels: ['AOP', 'AB'],
    vintages: ['2021'],
    formats: ['75', '150'],
    priceEuros: 32,
    alcohol: 13.5,
    grape: 'Marsanne, Roussanne',
    appellation: 'Châteauneuf-du-Pape',
  },
  {
    name: 'Viognier Solaire',
    productType: 'bottle',
    type: 'stillWine',
    color: 'white',
    gamme: 'Parcellaire',
    vintages: ['2022'],
    formats: ['75'],
    priceEuros: 24,
    alcohol: 14,
    grape: 'Viognier',
    appellation: 'Condrieu',
  },
  {
    name: 'Blanc de Comptoir',
    productType: 'bottle',
    type: 'stillWine',
    color: 'white',
    gamme: 'Tradition',
    vintages: ['2023'],
    formats: ['bib3', 'vrac'],
    priceEuros: 7.5,
    alcohol: 12.5,
    grape: 'Ugni blanc',
    appellation: 'Vin de France',
  },
  {
    name: 'Rosé des Vignes',
    productType: 'bottle',
    type: 'stillWine',
    color: 'rose',
    gamme: 'Tradition',
    labels: ['AOP'],
    vintages: ['2023'],
    formats: ['37.5', '75', '150'],
    priceEuros: 9.9,
    alcohol: 12.5,
    grape: 'Grenache, Cinsault',
    appellation: 'Côtes de Provence',
    tiers: true,
  },
  {
    name: 'Rosé de Saignée',
    productType: 'bottle',
    type: 'stillWine',
    color: 'rose',
    gamme: 'Prestige',
    vintages: ['2023'],
    formats: ['75'],
    priceEuros: 16,
    alcohol: 13,
    grape: 'Syrah',
    appellation: 'Tavel',
  },
  {
    name: 'Gris de Gris',
    productType: 'bottle',
    type: 'stillWine',
    color: 'grey',
    gamme: 'Tradition',
    labels: ['IGP'],
    vintages: ['2023'],
    formats: ['75'],
    priceEuros: 8.5,
    alcohol: 12,
    grape: 'Grenache gris',
    appellation: 'IGP Sable de Camargue',
  },
  {
    name: 'Clairet de Printemps',
    productType: 'bottle',
    type: 'stillWine',
    color: 'clairet',
    gamme: 'Tradition',
    vintages: ['2023'],
    formats: ['75'],
    priceEuros: 9.5,
    alcohol: 12.5,
    grape: 'Merlot, Cabernet franc',
    appellation: 'Bordeaux clairet',
  },
  {
    name: 'Macération Orange',
    productType: 'bottle',
    type: 'stillWine',
    color: 'orange',
    gamme: 'Parcellaire',
    labels: ['naturel'],
    vintages: ['2022'],
    formats: ['75'],
    priceEuros: 22,
    alcohol: 12.5,
    grape: 'Muscat',
    appellation: 'Vin de France',
  },
  {
    name: 'Vin Jaune du Domaine',
    productType: 'bottle',
    type: 'stillWine',
    color: 'yellow',
    gamme: 'Prestige',
    labels: ['AOP'],
    vintages: ['2016'],
    formats: ['75'],
    priceEuros: 55,
    alcohol: 14,
    grape: 'Savagnin',
    appellation: 'Côtes du Jura',
  },
  {
    name: 'Fines Bulles Brut',
    productType: 'bottle',
    type: 'cremant',
    color: 'white',
    gamme: 'Fines bulles',
    labels: ['AOP'],
    vintages: ['NV'],
    formats: ['37.5', '75', '150'],
    priceEuros: 14.5,
    alcohol: 12,
    grape: 'Chardonnay, Pinot noir',
    appellation: 'Crémant de Bourgogne',
    quality: 'brut',
    tiers: true,
    description: 'Assemblage de plusieurs récoltes, bulles fines et fraîches.',
  },
  {
    name: 'Fines Bulles Rosé',
    productType: 'bottle',
    type: 'cremant',
    color: 'rose',
    gamme: 'Fines bulles',
    labels: ['AOP'],
    vintages: ['NV'],
    formats: ['75'],
    priceEuros: 15.5,
    alcohol: 12,
    grape: 'Pinot noir',
    appellation: 'Crémant de Bourgogne',
    quality: 'brut',
  },
  {
    name: 'Pét-Nat des Copains',
    productType: 'bottle',
    type: 'petNat',
    color: 'white',
    gamme: 'Fines bulles',
    labels: ['naturel'],
    vintages: ['2023'],
    formats: ['75'],
    priceEuros: 13,
    alcohol: 11,
    grape: 'Chenin',
    appellation: 'Vin de France',
  },
  {
    name: 'Champagne Réserve',
    productType: 'bottle',
    type: 'champagne',
    color: 'white',
    gamme: 'Fines bulles',
    labels: ['AOC'],
    vintages: ['NV'],
    formats: ['75', '150'],
    priceEuros: 34,
    alcohol: 12,
    grape: 'Pinot meunier, Chardonnay',
    appellation: 'Champagne',
    quality: 'extraBrut',
  },
  {
    name: 'Muscat Doux Naturel',
    productType: 'bottle',
    type: 'vdn',
    color: 'golden',
    gamme: 'Prestige',
    labels: ['AOP'],
    vintages: ['2021'],
    formats: ['37.5', '75'],
    priceEuros: 17,
    alcohol: 15.5,
    grape: 'Muscat à petits grains',
    appellation: 'Muscat de Beaumes-de-Venise',
    sugars: 11,
  },
  {
    name: 'Rasteau Tuilé',
    productType: 'bottle',
    type: 'vdn',
    color: 'tawny',
    gamme: 'Prestige',
    vintages: ['2015'],
    formats: ['37.5'],
    priceEuros: 21,
    alcohol: 16,
    grape: 'Grenache noir',
    appellation: 'Rasteau',
    sugars: 9,
  },
  {
    name: 'Vendanges Tardives',
    productType: 'bottle',
    type: 'stillWine',
    color: 'golden',
    gamme: 'Prestige',
    vintages: ['2018'],
    formats: ['37.5'],
    priceEuros: 27,
    alcohol: 13,
    grape: 'Gewurztraminer',
    appellation: 'Alsace',
    status: 'paused',
    sugars: 8,
  },
  {
    name: 'Jus de Raisin du Domaine',
    productType: 'bottle',
    type: 'grapeJuice',
    color: 'red',
    gamme: 'Autour de la vigne',
    vintages: ['2023'],
    formats: ['75'],
    priceEuros: 5.5,
    alcohol: 0,
    vatType: 'reduced',
    sugars: 16,
  },
  {
    name: 'Marc de Grenache',
    productType: 'bottle',
    type: 'marc',
    color: 'amber',
    gamme: 'Autour de la vigne',
    vintages: ['2012'],
    formats: ['75'],
    priceEuros: 36,
    alcohol: 42,
  },
  {
    name: 'Cuvée Secrète (bientôt)',
    productType: 'bottle',
    type: 'stillWine',
    color: 'red',
    gamme: 'Parcellaire',
    vintages: ['2023'],
    formats: ['75'],
    priceEuros: 40,
    alcohol: 14,
    status: 'empty',
  },
  {
    name: 'Verre de dégustation INAO',
    productType: 'accessory',
    type: 'glass',
    gamme: 'Accessoires',
    vintages: [],
    formats: ['unit'],
    priceEuros: 4.5,
  },
  {
    name: 'Tire-bouchon Sommelier',
    productType: 'accessory',
    type: 'corkscrew',
    gamme: 'Accessoires',
    vintages: [],
    formats: ['unit'],
    priceEuros: 19,
  },
  {
    name: 'Carafe à décanter',
    productType: 'accessory',
    type: 'decanter',
    gamme: 'Accessoires',
    vintages: [],
    formats: ['unit'],
    priceEuros: 35,
  },
  {
    name: 'Tablier vigneron',
    productType: 'accessory',
    type: 'textile',
    gamme: 'Accessoires',
    vintages: [],
    formats: ['unit'],
    priceEuros: 22,
    status: 'closed',
  },
  {
    name: 'Coffret Découverte 3 bouteilles',
    productType: 'box',
    type: 'giftBox',
    gamme: 'Coffrets',
    vintages: [],
    formats: ['unit'],
    priceEuros: 39,
    description: 'Composez votre coffret : trois bouteilles de la gamme Tradition, rouges, blancs ou rosés.',
    builder: {
      size: 3,
      eligible: { productType: ['bottle'], gamme: ['Tradition'], containers: ['bouteille'] },
      description: 'Trois bouteilles de 75 cl de la gamme Tradition.',
    },
  },
  {
    name: 'Coffret Prestige Caisse bois',
    productType: 'box',
    type: 'woodenCase',
    gamme: 'Coffrets',
    vintages: [],
    formats: ['unit'],
    priceEuros: 89,
    description: 'Une caisse bois de six bouteilles à composer parmi nos cuvées Tradition et Parcellaire.',
    builder: {
      size: 6,
      eligible: {
        productType: ['bottle'],
        gamme: ['Tradition', 'Parcellaire'],
        color: ['red', 'white', 'rose'],
        containers: ['bouteille'],
      },
      description: 'Six bouteilles de 75 cl, rouges, blancs ou rosés.',
    },
  },
  {
    name: 'Coffret Bulles de Fête',
    productType: 'box',
    type: 'giftBox',
    gamme: 'Coffrets',
    vintages: [],
    formats: ['unit'],
    priceEuros: 49,
    description: 'Trois bouteilles de bulles à choisir : crémants, pétillant naturel ou champagne.',
    builder: {
      size: 3,
      eligible: { productType: ['bottle'], gamme: ['Fines bulles'], containers: ['bouteille'] },
      description: 'Trois bouteilles de 75 cl de fines bulles.',
    },
  },
  {
    name: 'Visite et dégustation',
    productType: 'prestation',
    gamme: 'Oenotourisme',
    vintages: [],
    formats: ['unit'],
    priceEuros: 15,
    vatType: 'standard',
  },
  { name: 'Atelier assemblage', productType: 'prestation', gamme: 'Oenotourisme', vintages: [], formats: ['unit'], priceEuros: 45 },
];

const BEERS: SeedProduct[] = [
  {
    name: 'Blonde de Démo',
    productType: 'bottle',
    type: 'beer',
    color: 'yellow',
    gamme: 'Permanentes',
    labels: ['AB'],
    vintages: ['NV'],
    formats: ['33', '75', 'fut20'],
    priceEuros: 3.2,
    alcohol: 5.5,
    tiers: true,
  },
  {
    name: 'Ambrée du Brasseur',
    productType: 'bottle',
    type: 'beer',
    color: 'amber',
    gamme: 'Permanentes',
    vintages: ['NV'],
    formats: ['33', '75'],
    priceEuros: 3.5,
    alcohol: 6.5,
  },
  {
    name: 'Brune des Moines',
    productType: 'bottle',
    type: 'beer',
    color: 'brown',
    gamme: 'Permanentes',
    vintages: ['NV'],
    formats: ['33'],
    priceEuros: 3.8,
    alcohol: 8,
  },
  {
    name: 'Blanche aux Agrumes',
    productType: 'bottle',
    type: 'beer',
    color: 'white',
    gamme: 'Permanentes',
    vintages: ['NV'],
    formats: ['33'],
    priceEuros: 3.3,
    alcohol: 4.8,
  },
  {
    name: 'IPA Houblonnée',
    productType: 'bottle',
    type: 'beer',
    color: 'golden',
    gamme: 'Saisonnières',
    vintages: ['2024'],
    formats: ['33', 'fut20'],
    priceEuros: 4.2,
    alcohol: 6.8,
  },
  {
    name: 'Bière de Noël',
    productType: 'bottle',
    type: 'beer',
    color: 'amber',
    gamme: 'Saisonnières',
    vintages: ['2024'],
    formats: ['75'],
    priceEuros: 7.9,
    alcohol: 7.5,
  },
  {
    name: 'Triple Réserve',
    productType: 'bottle',
    type: 'beer',
    color: 'golden',
    gamme: 'Saisonnières',
    vintages: ['2023'],
    formats: ['75'],
    priceEuros: 9.5,
    alcohol: 9,
  },
  {
    name: 'Bière sans alcool',
    productType: 'bottle',
    type: 'alcoholFree',
    color: 'yellow',
    gamme: 'Permanentes',
    vintages: ['NV'],
    formats: ['33'],
    priceEuros: 2.9,
    alcohol: 0.4,
  },
];

/** Cave des Pros Démo: a wine merchant selling other estates' wines (names never overlap the other demo shops'). */
const CAVE: SeedProduct[] = [
  {
    name: 'Chablis Premier Cru Vaillons',
    productType: 'bottle',
    type: 'stillWine',
    color: 'white',
    gamme: 'Bourgogne',
    labels: ['AOP'],
    vintages: ['2022'],
    formats: ['75', '150'],
    priceEuros: 26,
    alcohol: 12.5,
    grape: 'Chardonnay',
    appellation: 'Chablis Premier Cru',
    description: 'Un Chablis minéral et tendu, idéal sur les fruits de mer.',
  },
  {
    name: 'Sancerre Les Caillottes',
    productType: 'bottle',
    type: 'stillWine',
    color: 'white',
    gamme: 'Loire',
    labels: ['AOP'],
    vintages: ['2023'],
    formats: ['75'],
    priceEuros: 19.5,
    alcohol: 13,
    grape: 'Sauvignon blanc',
    appellation: 'Sancerre',
    tiers: true,
  },
  {
    name: 'Saint-Émilion Grand Cru',
    productType: 'bottle',
    type: 'stillWine',
    color: 'red',
    gamme: 'Bordeaux',
    labels: ['AOC'],
    vintages: ['2019', '2018'],
    formats: ['75', '150'],
    priceEuros: 34,
    alcohol: 14,
    grape: 'Merlot, Cabernet franc',
    appellation: 'Saint-Émilion Grand Cru',
    tiers: true,
  },
  {
    name: 'Crozes-Hermitage Les Pends',
    productType: 'bottle',
    type: 'stillWine',
    color: 'red',
    gamme: 'Rhône',
    labels: ['AOP', 'AB'],
    vintages: ['2021'],
    formats: ['75'],
    priceEuros: 21,
    alcohol: 13.5,
    grape: 'Syrah',
    appellation: 'Crozes-Hermitage',
  },
  {
    name: 'Bandol Rosé de la Cave',
    productType: 'bottle',
    type: 'stillWine',
    color: 'rose',
    gamme: 'Provence',
    labels: ['AOP'],
    vintages: ['2023'],
    formats: ['75', '150'],
    priceEuros: 18,
    alcohol: 13,
    grape: 'Mourvèdre, Grenache',
    appellation: 'Bandol',
  },
  {
    name: 'Blanc de Blancs Grand Cru',
    productType: 'bottle',
    type: 'champagne',
    color: 'white',
    gamme: 'Champagne',
    labels: ['AOC'],
    vintages: ['NV'],
    formats: ['75'],
    priceEuros: 48,
    alcohol: 12,
    grape: 'Chardonnay',
    appellation: 'Champagne Grand Cru',
    quality: 'brut',
  },
];

const round = (n: number) => Math.round(n * 100) / 100;

export function nutritionFor(p: SeedProduct, vintage: string, brand: string, isBeer: boolean): NutritionDeclaration {
  const abv = p.alcohol ?? 0;
  const sugars = p.sugars ?? (isBeer ? 2.8 : p.type === 'cremant' || p.type === 'champagne' ? 0.9 : 0.3);
  const carbs = round(sugars + (isBeer ? 1.2 : 0.3));
  const proteins = isBeer ? 0.4 : 0.1;
  // Energy per 100 ml: ethanol 7 kcal/g (density 0.789), carbohydrates 4 kcal/g, protein 4 kcal/g.
  const kcal = Math.round(abv * 0.789 * 7 + carbs * 4 + proteins * 4);
  const ingredients = isBeer
    ? "Eau, malt d'orge, houblon, levure"
    : p.type === 'grapeJuice'
      ? 'Jus de raisin'
      : 'Raisins, moût de raisin concentré rectifié, anhydride sulfureux, acide tartrique';
  return {
    appellation: p.appellation ?? undefined,
    category: isBeer ? 'Bière' : p.type === 'grapeJuice' ? 'Jus de raisin' : 'Vin',
    colour: p.color,
    quality: p.quality,
    vintage,
    grapeVariety: p.grape,
    alcoholDegree: abv,
    capacity: '75 cl',
    ingredients,
    allergens: isBeer ? ["malt d'orge"] : p.type === 'grapeJuice' ? [] : ['anhydride sulfureux'],
    energyKcal: kcal,
    energyKj: Math.round(kcal * 4.184),
    fat: 0,
    saturatedFat: 0,
    carbohydrates: carbs,
    sugars,
    proteins,
    salt: 0.01,
    owner: brand,
    brand,
    country: 'France',
  };
}

/** French excise data of a demo vintage: its excise code, and the 2024 rates of that code (shared-kernel exciseRatesFor). */
function legalFor(p: SeedProduct, isBeer: boolean) {
  const abv = p.alcohol ?? 0;
  const sparkling = p.type === 'cremant' || p.type === 'champagne' || p.type === 'petNat';
  const code = isBeer ? 'B000' : abv === 0 ? 'NULL' : abv > 18 ? 'S200' : abv > 15 ? 'I000' : sparkling ? 'W300' : 'W200';
  return { code, ...exciseRatesFor(code, abv) };
}

async function seedShopCatalog(db: Db, shopId: number, list: SeedProduct[], companyPrefix: string, brand: string, isBeer: boolean) {
  let item = 0;
  const formatIds: Array<{ id: number; productName: string; key: FormatKey }> = [];
  for (const [pos, p] of list.entries()) {
    const [prod] = await db
      .insert(products)
      .values({
        shopId,
        productType: p.productType,
        name: p.name,
        type: p.type ?? null,
        color: p.color ?? null,
        gamme: p.gamme ?? null,
        status: p.status ?? 'online',
        vatType: p.vatType ?? 'standard',
        labels: p.labels ?? [],
        visuals: [],
        position: pos,
        description: p.description ?? null,
        precision: p.appellation ?? null,
        builder: p.builder ?? null,
      })
      .returning({ id: products.id });
    for (const [vpos, v] of p.vintages.entries()) {
      await db.insert(productVintages).values({
        shopId,
        productId: prod.id,
        name: v,
        position: vpos,
        alcohol: p.alcohol ?? null,
        lot: `L${v === 'NV' ? '24' : v.slice(2)}-${String(prod.id).padStart(3, '0')}`,
        legal: legalFor(p, isBeer),
        nutrition: p.productType === 'bottle' ? nutritionFor(p, v, brand, isBeer) : null,
      });
    }
    for (const [fpos, key] of p.formats.entries()) {
      const f = FORMATS[key];
      item += 1;
      const gtin = withGtinCheckDigit(`${companyPrefix}${String(item).padStart(12 - companyPrefix.length, '0')}`);
      const out = p.status === 'outofstock';
      const [fmt] = await db
        .insert(productFormats)
        .values({
          shopId,
          productId: prod.id,
          unity: f.unity,
          unityValue: f.unityValue,
          eq75: round(f.unityValue / 0.75),
          container: f.container,
          formatType: f.formatType,
          nameInShop: f.nameInShop,
          showUnityValue: p.productType === 'bottle',
          packing: p.productType === 'bottle' ? f.packing : null,
          packingQuantity: f.packingQuantity,
          weight: f.weight,
          gtin,
          stock: out ? 0 : key === 'vrac' ? 2000 : 120,
          minPurchase: key === 'vrac' ? 5 : 1,
          maxPurchase: key === '150' ? 6 : null,
          position: fpos,
        })
        .returning({ id: productFormats.id });
      formatIds.push({ id: fmt.id, productName: p.name, key });
      const ttc = Math.round(p.priceEuros * f.factor * 100);
      const proHt = Math.round((ttc / 1.2) * 0.8);
      const tiers: Record<string, number> =
        p.tiers && f.formatType === 'bottle' ? { '6': Math.round(ttc * 0.95), '12': Math.round(ttc * 0.9) } : {};
      const addOn: Record<string, number> = p.addOn && key === '75' ? { '12': 1 } : {};
      const proTiers: Record<string, number> =
        p.tiers && f.formatType === 'bottle' ? { '12': Math.round(proHt * 0.92), '60': Math.round(proHt * 0.85) } : {};
      await db.insert(formatPrices).values([
        { shopId, formatId: fmt.id, typology: 'particulier', priceCents: ttc, visible: true, discountPrice: tiers, discountAdd: addOn },
        { shopId, formatId: fmt.id, typology: 'professionnel', priceCents: proHt, visible: true, discountPrice: proTiers, discountAdd: {} },
      ]);
    }
  }
  return formatIds;
}

/**
 * Benchmark data (scripts/bench-shop.mjs): `SEED_CATALOG_EXTRA=n` adds n generated wines to Domaine de Démo,
 * in batches, each with a vintage, a 75 cl format (valid EAN-13) and both typology prices.
 */
export async function seedBenchProducts(db: Db, shopId: number, n: number): Promise<void> {
  const colors = ['red', 'white', 'rose', 'orange', 'golden'];
  const ranges = ['Tradition', 'Prestige', 'Parcellaire', 'Fines bulles'];
  for (let start = 0; start < n; start += 500) {
    const size = Math.min(500, n - start);
    const prods = await db
      .insert(products)
      .values(
        Array.from({ length: size }, (_, i) => ({
          shopId,
          productType: 'bottle' as const,
          name: `Cuvée de test n°${start + i + 1}`,
          type: 'stillWine',
          color: colors[(start + i) % colors.length],
          gamme: ranges[(start + i) % ranges.length],
          status: 'online' as const,
          position: 1000 + start + i,
        })),
      )
      .returning({ id: products.id });
    await db.insert(productVintages).values(
      prods.map((p, i) => ({
        shopId,
        productId: p.id,
        name: String(2015 + ((start + i) % 9)),
        alcohol: 13,
        legal: { code: 'W200', da: 4.14, css: null, typeDA: 'hl' as const },
      })),
    );
    const fmts = await db
      .insert(productFormats)
      .values(
        prods.map((p, i) => ({
          shopId,
          productId: p.id,
          unity: 'litre',
          unityValue: 0.75,
          eq75: 1,
          container: 'bouteille',
          formatType: 'bottle' as const,
          nameInShop: 'Bouteille 75 cl',
          packing: 'Carton de 6',
          packingQuantity: 6,
          gtin: withGtinCheckDigit(`3760999${String(start + i + 1).padStart(5, '0')}`),
          stock: 60,
        })),
      )
      .returning({ id: productFormats.id });
    await db.insert(formatPrices).values(
      fmts.flatMap((f, i) => [
        { shopId, formatId: f.id, typology: 'particulier', priceCents: 900 + ((start + i) % 40) * 50 },
        { shopId, formatId: f.id, typology: 'professionnel', priceCents: 600 + ((start + i) % 40) * 33 },
      ]),
    );
  }
}

export async function seedCatalog(db: Db, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const [domaine] = await db.select().from(shops).where(eq(shops.urlShop, 'domaine-demo'));
  const [brasserie] = await db.select().from(shops).where(eq(shops.urlShop, 'brasserie-demo'));
  const [cave] = await db.select().from(shops).where(eq(shops.urlShop, 'cave-des-pros'));
  if (domaine) {
    const formats = await seedShopCatalog(db, domaine.id, WINES, '3760123', 'Domaine de Démo', false);
    const f = (name: string, key: FormatKey) => formats.find((x) => x.productName === name && x.key === key)!.id;
    const promo: Array<{
      formatId: number;
      name: string;
      type: '%' | '€';
      amount: number;
      activation: PromotionActivation;
      threshold: number | null;
    }> = [
      { formatId: f('Rosé des Vignes', '75'), name: "Offre d'été", type: '%', amount: 10, activation: 'always', threshold: null },
      { formatId: f('Les Terrasses', '75'), name: 'Dès 6 bouteilles', type: '€', amount: 100, activation: 'minProduct', threshold: 6 },
      {
        formatId: f('Blanc des Collines', '75'),
        name: 'Dès 60 € de ce vin',
        type: '%',
        amount: 5,
        activation: 'minPrice',
        threshold: 6000,
      },
      {
        formatId: f('Fines Bulles Brut', '75'),
        name: 'Commande de 12 bouteilles',
        type: '€',
        amount: 200,
        activation: 'minProductOrder',
        threshold: 12,
      },
      {
        formatId: f('Champagne Réserve', '75'),
        name: 'Commande de 150 €',
        type: '%',
        amount: 8,
        activation: 'minPriceOrder',
        threshold: 15000,
      },
    ];
    await db.insert(promotions).values(promo.map((p) => ({ ...p, shopId: domaine.id })));
    const extra = Number(env.SEED_CATALOG_EXTRA ?? 0);
    if (Number.isInteger(extra) && extra > 0) await seedBenchProducts(db, domaine.id, Math.min(extra, 100_000));
    await db.insert(shopPublicPages).values({
      shopId: domaine.id,
      description: 'Domaine familial en Côtes du Rhône : vins rouges, blancs, rosés et bulles, en vente directe.',
      headerStyle: {
        logoPlacement: 'start',
        color: '#6d1a36',
        dark: true,
        font: 'Georgia, serif',
        underline: true,
        isUppercase: false,
        shadow: true,
      },
      legalNotice:
        "Domaine de Démo — SCEA au capital de 50 000 €, RCS Avignon 123 456 789, 12 chemin des Vignes, 84100 Orange.\nDirecteur de la publication : Olivier Propriétaire.\nHébergement : Wineriz, France.\nLa vente d'alcool est interdite aux mineurs de moins de 18 ans.",
    });
    const tab = async (name: string, order: number, content: (typeof shopTabs.$inferInsert)['content'], parentId: number | null = null) =>
      (await db.insert(shopTabs).values({ shopId: domaine.id, name, order, content, parentId }).returning({ id: shopTabs.id }))[0].id;
    await tab('Accueil', 0, {
      kind: 'text',
      text: 'Bienvenue au Domaine de Démo. Trois générations de vignerons vous proposent leurs vins en direct de la propriété.',
    });
    const vins = await tab('Nos vins', 1, { kind: 'products', filter: { productType: ['bottle'] } });
    await tab('Rouges', 0, { kind: 'products', filter: { color: ['red'] } }, vins);
    await tab('Blancs', 1, { kind: 'products', filter: { color: ['white'] } }, vins);
    await tab('Nouveautés', 2, { kind: 'products', filter: { vintage: ['2023'] } }, vins);
    await tab('Coffrets et accessoires', 2, { kind: 'products', filter: { productType: ['box', 'accessory'] } });
    await tab('Nouveautés', 3, { kind: 'text', text: 'Le millésime 2023 arrive : rosés et blancs sont déjà en bouteille.' });
    await tab('Le domaine', 4, {
      kind: 'text',
      text: 'Vingt hectares sur les terrasses caillouteuses du Rhône, conduits en agriculture biologique depuis 2010.',
    });
    // Events with time slots (reservations issue).
    const day = (d: number, h: number) => {
      const x = new Date();
      x.setUTCDate(x.getUTCDate() + d);
      x.setUTCHours(h, 0, 0, 0);
      return x;
    };
    const evs = [
      {
        title: 'Visite des caves et dégustation',
        location: 'Domaine de Démo, Orange',
        durationMinutes: 90,
        rates: [
          { name: 'Adulte', priceCents: 1500 },
          { name: 'Enfant', priceCents: 0 },
          { name: 'Planche de fromages', priceCents: 1200, optional: true },
        ],
      },
      {
        title: 'Balade dans les vignes',
        location: 'Parking du domaine',
        durationMinutes: 120,
        rates: [
          { name: 'Adulte', priceCents: 2000 },
          { name: 'Taxe de séjour', priceCents: 100, touristTax: true },
        ],
      },
      {
        title: 'Atelier accords mets et vins',
        location: 'Salle de réception',
        durationMinutes: 150,
        rates: [{ name: 'Participant', priceCents: 4500 }],
      },
    ];
    for (const [i, e] of evs.entries()) {
      const [ev] = await db
        .insert(events)
        .values({
          ...e,
          shopId: domaine.id,
          languages: ['fr', 'en'],
          description: e.title,
          message: 'Merci de vous présenter 10 minutes avant le début.',
        })
        .returning({ id: events.id });
      await db.insert(eventSlots).values(
        [3, 10, 17].map((d, k) => ({
          shopId: domaine.id,
          eventId: ev.id,
          name: k === 0 ? 'Matin' : 'Après-midi',
          startsAt: day(d + i, 9 + k * 4),
          endsAt: day(d + i, 11 + k * 4),
          places: 12,
          // every place is free: the bookings (seed/orders, seed/reservations) take theirs
          placesLeft: 12,
        })),
      );
    }
  }
  if (brasserie) {
    await seedShopCatalog(db, brasserie.id, BEERS, '3760456', 'Brasserie Démo', true);
    await db.insert(shopPublicPages).values({
      shopId: brasserie.id,
      description: 'Brasserie artisanale : blondes, ambrées, brunes et bières de saison.',
      headerStyle: { logoPlacement: 'center', color: '#b7791f', dark: false, isUppercase: true, font: 'system-ui, sans-serif' },
      legalNotice: 'Brasserie Démo — SARL au capital de 10 000 €, RCS Lille 987 654 321.',
    });
    await db.insert(shopTabs).values([
      { shopId: brasserie.id, name: 'Nos bières', order: 0, content: { kind: 'products' } },
      { shopId: brasserie.id, name: 'La brasserie', order: 1, content: { kind: 'text', text: 'Brassées à la main depuis 2015.' } },
    ]);
  }
  if (cave) {
    // Prices reserved to members (§6): visitors see the catalogue, members of the shop see the prices.
    await seedShopCatalog(db, cave.id, CAVE, '3760789', 'Cave des Pros Démo', false);
    await db.insert(shopPublicPages).values({
      shopId: cave.id,
      pricesReservedToMembers: true,
      description: 'Caviste pour les professionnels : une sélection de vins de propriétaires pour les restaurants et cavistes.',
      headerStyle: { logoPlacement: 'start', color: '#1f3a5f', dark: true, isUppercase: false, font: 'Georgia, serif' },
      legalNotice:
        "Cave des Pros Démo — SAS au capital de 20 000 €, RCS Bordeaux 456 789 123, 5 quai des Chartrons, 33000 Bordeaux.\nDirectrice de la publication : Claire Caviste.\nHébergement : Wineriz, France.\nLa vente d'alcool est interdite aux mineurs de moins de 18 ans.",
    });
    await db.insert(shopTabs).values([
      { shopId: cave.id, name: 'Notre sélection', order: 0, content: { kind: 'products' } },
      {
        shopId: cave.id,
        name: 'Espace professionnels',
        order: 1,
        content: {
          kind: 'text',
          text: 'Nos prix sont réservés à nos clients. Connectez-vous à votre compte pour les consulter et commander.',
        },
      },
    ]);
  }
}
