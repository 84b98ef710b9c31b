// Shapes of the public catalogue that the domain rules read (toCartFormat, toCartVintage); contracts/catalog.ts
// re-exports them as part of the catalogue contract.

export interface CatalogPrice {
  typology: string;
  typologyName: string;
  /** true: TTC (tax included), false: HT */
  ttc: boolean;
  priceCents: number;
  /** threshold quantity → unit price in cents */
  discountPrice: Record<string, number>;
  /** threshold quantity → free add-on quantity */
  discountAdd: Record<string, number>;
}

export interface CatalogPromotion {
  id: number;
  name: string;
  type: '%' | '€';
  amount: number;
  activation: 'always' | 'minProduct' | 'minPrice' | 'minProductOrder' | 'minPriceOrder';
  threshold: number | null;
}

export interface CatalogFormat {
  id: number;
  unity: string;
  unityValue: number | null;
  eq75: number | null;
  container: string | null;
  formatType: string;
  nameInShop: string | null;
  showUnityValue: boolean;
  packing: string | null;
  packingQuantity: number;
  weight: number | null;
  gtin: string | null;
  stock: number;
  minPurchase: number;
  maxPurchase: number | null;
  /** null when prices are reserved to members or the format is not offered to this typology */
  price: CatalogPrice | null;
  promotions: CatalogPromotion[];
}

export interface NutritionFacts {
  appellation?: string;
  category?: string;
  colour?: string;
  quality?: string;
  vintage?: string;
  grapeVariety?: string;
  alcoholDegree?: number;
  capacity?: string;
  ingredients?: string;
  allergens?: string[];
  energyKcal?: number;
  energyKj?: number;
  fat?: number;
  saturatedFat?: number;
  carbohydrates?: number;
  sugars?: number;
  proteins?: number;
  salt?: number;
  owner?: string;
  brand?: string;
  country?: string;
}

export interface CatalogVintage {
  id: number;
  name: string;
  alcohol: number | null;
  lot: string | null;
  /** duty data: da = excise rate in euros per typeDA unit (hl, hl of pure alcohol, hl and degree), css = social security contribution, code = excise code (W200…) */
  legal: {
    code?: string;
    da?: number | null;
    css?: number | null;
    typeDA?: 'hl' | 'hlap' | 'hlabv' | null;
    customTaxName?: string | null;
    customTaxAmountPerHL?: number | null;
    customTaxVat?: boolean;
  };
  advanced: { alcool: { value: number | null } };
  nutrition: NutritionFacts | null;
}
