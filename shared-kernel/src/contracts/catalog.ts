import { z } from 'zod';
import type { CatalogFormat, CatalogVintage } from '../domain/catalog-types';
import type { ShopInfosExtra } from './shop-settings';

/** Public catalogue contracts: product listing, product page, shop page, GS1 resolution. */

export const CATALOG_FILTER_KEYS = ['gamme', 'type', 'color', 'vintage', 'productType'] as const;
export type CatalogFilterKey = (typeof CATALOG_FILTER_KEYS)[number];
export { OTHER_PRODUCTS, productSlug, tabQueryName } from '../domain/catalog';

/**
 * §1 module `shop` switched off: the api answers 404 with this message for the shop's public data (page, listing,
 * products, checkout); the public pages recognise it and show « Boutique fermée » instead of « Boutique introuvable ».
 */
export const SHOP_CLOSED_MESSAGE = 'Cette boutique est fermée : elle ne vend pas en ligne pour le moment.';

export const productFilterSchema = z
  .object({
    search: z.string().max(200, 'La recherche ne doit pas dépasser 200 caractères').optional(),
    gamme: z.array(z.string().max(100)).max(50).optional(),
    type: z.array(z.string().max(100)).max(50).optional(),
    color: z.array(z.string().max(100)).max(50).optional(),
    vintage: z.array(z.string().max(100)).max(50).optional(),
    productType: z
      .array(z.enum(['bottle', 'accessory', 'box', 'prestation']))
      .max(4)
      .optional(),
  })
  .strict();
export type ProductFilter = z.infer<typeof productFilterSchema>;

// The catalogue's price and format shapes belong to the domain (the pricing rules read them): re-exported here.
export type { CatalogFormat, CatalogPrice, CatalogPromotion, CatalogVintage, NutritionFacts } from '../domain/catalog-types';

export interface CatalogProduct {
  id: number;
  shopId: number;
  productType: 'bottle' | 'accessory' | 'prestation' | 'box';
  name: string;
  precision: string | null;
  description: string | null;
  type: string | null;
  color: string | null;
  gamme: string | null;
  status: 'online' | 'paused' | 'outofstock' | 'closed' | 'empty';
  vatType: 'standard' | 'medium' | 'reduced';
  labels: string[];
  visuals: string[];
  vintages: CatalogVintage[];
  formats: CatalogFormat[];
  /** box products the buyer composes ('Composer un coffret'); absent or null = fixed content */
  builder?: BoxBuilder | null;
}

/** A box the buyer composes: `size` bottles chosen among the shop's products matching `eligible`. */
export interface BoxBuilder {
  size: number;
  eligible: { productType?: string[]; color?: string[]; gamme?: string[]; type?: string[]; containers?: string[] };
  description?: string;
}

/** One bottle the buyer may put in a box (a product, one of its vintages, the eligible format). */
export interface BuilderOption {
  productId: number;
  formatId: number;
  vintageId: number | null;
  name: string;
  vintage: string | null;
  color: string | null;
  gamme: string | null;
  precision: string | null;
  format: string;
  visual: string | null;
  stock: number;
}

/** GET /v1/shops/{id}/builders item; GET /v1/shops/{id}/builders/{builder} adds `options`. */
export interface ShopBuilder {
  product: CatalogProduct;
  builder: BoxBuilder;
}
export interface ShopBuilderDetail extends ShopBuilder {
  options: BuilderOption[];
}

/** A composed box line in the cart: what the buyer put in it. */
export interface BoxCompositionItem {
  productId: number;
  formatId: number;
  vintageId: number | null;
  quantity: number;
  name: string;
}

/**
 * §6 price-grid request state of the visitor on a shop page: 'anonymous' (may sign in to ask), 'notPro', 'member'
 * (already has the shop's prices or belongs to the shop), 'requestable', 'pending' (a request is waiting).
 * A refused request leaves the buyer 'requestable': they may ask again (one pending request at a time).
 */
export type PriceGridState = 'anonymous' | 'notPro' | 'member' | 'requestable' | 'pending';

export interface ProductListResponse {
  items: CatalogProduct[];
  total: number;
  limit: number;
  offset: number;
  /** values present in the visible catalogue, for the filter groups */
  facets: { gamme: string[]; type: string[]; color: string[]; vintage: string[] };
  /** true when prices are hidden from this visitor (reserved to members) */
  pricesReserved: boolean;
}

export interface ShopTab {
  id: number;
  name: string;
  order: number;
  exists: boolean;
  content: { kind: 'products'; filter?: Record<string, string[]> } | { kind: 'text'; text: string };
  children: ShopTab[];
}

export interface HeaderStyle {
  shadow?: boolean;
  elevation?: number;
  color?: string;
  dark?: boolean;
  border?: boolean;
  font?: string;
  logoPlacement?: 'start' | 'center' | 'left';
  justifyContent?: 'start' | 'center' | 'end' | 'space-between';
  underline?: boolean;
  isUppercase?: boolean;
  hideLogo?: boolean;
  logoShadow?: boolean;
}

/**
 * Settings › Informations as a visitor reads them on the shop page (its description goes to `description`): only
 * what the owner filled in — an empty phone is null, an empty address null, empty links and days are left out.
 */
export interface PublicShopInfos {
  phone: string | null;
  address: ShopInfosExtra['address'] | null;
  socials: Partial<ShopInfosExtra['socials']>;
  openingHours: Partial<ShopInfosExtra['openingHours']>;
}

export interface PublicShopPage {
  id: number;
  code: string;
  name: string;
  urlShop: string;
  businessType: 'wine' | 'champaign' | 'beer' | 'spirit' | 'cider' | 'other';
  editedShop: { color?: string | null; banner?: string | null; logo?: string | null } | null;
  /** Settings › Informations « Description », else the page's older description */
  description: string | null;
  /** Settings › Informations (contact, address, links, opening hours); null when none is filled in */
  infos?: PublicShopInfos | null;
  legalNotice: string | null;
  headerStyle: HeaderStyle;
  pricesReservedToMembers: boolean;
  titleProducts: string | null;
  tabs: ShopTab[];
  /** suspended by the platform's operator: the page says so, shows no tab and sells nothing */
  suspended?: boolean;
  /** the visitor's relation to the shop */
  viewer: {
    member: boolean;
    kind: 'owner' | 'iam' | 'agent' | 'client' | null;
    typology: string;
    typologyName: string;
    ttc: boolean;
    priceGrid?: PriceGridState;
  };
}

/** Editable tab (PUT /v1/shops/me `tabs`): order = position in the list; `id` keeps an existing tab (and its ?pageid links). */
export interface ShopTabInput {
  id?: number;
  name: string;
  exists: boolean;
  content: { kind: 'products'; filter?: Record<string, string[]> } | { kind: 'text'; text: string };
  children?: ShopTabInput[];
}

/** GET /v1/shops/me/page: what /dashboard/customize edits (tabs include hidden ones). */
export interface ShopCustomization {
  editedShop: { color?: string | null; banner?: string | null; logo?: string | null } | null;
  headerStyle: HeaderStyle;
  tabs: ShopTab[];
}

export interface Gs1Resolution {
  gtin14: string;
  shopId: number;
  urlShop: string;
  productId: number;
  formatId: number;
  vintageId: number | null;
  vintage: string | null;
  lot: string | null;
}
