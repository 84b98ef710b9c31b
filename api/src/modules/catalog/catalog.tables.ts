import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, real, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { NutritionFacts } from 'shared-kernel/domain';
import { shops, users } from '../../platform/db/tables';

/** Catalogue tables. Money in integer cents; every row carries shop_id. */

export type CatalogProductType = 'bottle' | 'accessory' | 'prestation' | 'box';
export type CatalogProductStatus = 'online' | 'paused' | 'outofstock' | 'closed' | 'empty';

/** The nutrition e-label of a vintage (jsonb): the shape the domain and the public contract read. */
export type NutritionDeclaration = NutritionFacts;

/** One part of a fixed-content box product. */
export interface BoxItem {
  formatId: number;
  quantity: number;
}

/** Gift wrapping offered on a format. */
export interface FormatWrapping {
  available: boolean;
  /** cents TTC */
  priceCents: number;
}

/** How a box product is composed by the buyer: `size` bottles chosen among the shop's products matching `eligible`. */
export interface BoxBuilderDefinition {
  size: number;
  eligible: { productType?: string[]; color?: string[]; gamme?: string[]; type?: string[]; containers?: string[] };
  description?: string;
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

/** Public-page settings of a shop: legal notice, header style, prices reserved to members. */
export const shopPublicPages = pgTable(
  'shop_public_pages',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    legalNotice: text('legal_notice'),
    description: text('description'),
    headerStyle: jsonb('header_style')
      .$type<HeaderStyle>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    pricesReservedToMembers: boolean('prices_reserved_to_members').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('shop_public_pages_shop_uq').on(t.shopId)],
);

export const shopTabs = pgTable(
  'shop_tabs',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    order: integer('order').notNull().default(0),
    exists: boolean('exists').notNull().default(true),
    /** what the tab shows: products (optionally filtered), or rich text */
    content: jsonb('content').$type<{ kind: 'products'; filter?: Record<string, string[]> } | { kind: 'text'; text: string }>().notNull(),
  },
  (t) => [index('shop_tabs_shop_idx').on(t.shopId, t.order)],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    productType: text('product_type').$type<CatalogProductType>().notNull(),
    name: text('name').notNull(),
    precision: text('precision'),
    description: text('description'),
    type: text('type'),
    color: text('color'),
    gamme: text('gamme'),
    status: text('status').$type<CatalogProductStatus>().notNull().default('online'),
    vatType: text('vat_type').$type<'standard' | 'medium' | 'reduced'>().notNull().default('standard'),
    labels: jsonb('labels')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    visuals: jsonb('visuals')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    position: integer('position').notNull().default(0),
    /** box products only: the buyer composes the box ('Composer un coffret'); null = fixed content */
    builder: jsonb('builder').$type<BoxBuilderDefinition | null>(),
    /** box products with a fixed content: the formats and quantities it holds (its stock follows its parts) */
    boxItems: jsonb('box_items')
      .$type<BoxItem[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** set instead of deleting once a product has orders: hidden from the shop and the default lists */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_shop_status_idx').on(t.shopId, t.status, t.position),
    index('products_shop_name_idx').on(t.shopId, t.name),
    // the stock table's order (lower(name), id): a page read in index order
    index('products_shop_lname_idx').on(t.shopId, sql`lower(${t.name})`, t.id),
    index('products_shop_created_idx').on(t.shopId, t.createdAt),
  ],
);

export const productVintages = pgTable(
  'product_vintages',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** duty data: da, css, typeDA, custom tax */
    legal: jsonb('legal')
      .$type<{
        code?: string;
        da?: number | null;
        css?: number | null;
        typeDA?: 'hl' | 'hlap' | 'hlabv' | null;
        customTaxName?: string | null;
        customTaxAmountPerHL?: number | null;
        customTaxFamilies?: string[];
        customTaxVat?: boolean;
        /** §3 excise duty type */
        dutyType?: 'DA2' | 'DSU' | null;
      }>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    alcohol: real('alcohol'),
    lot: text('lot'),
    nutrition: jsonb('nutrition').$type<NutritionDeclaration | null>(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('product_vintages_product_idx').on(t.productId), uniqueIndex('product_vintages_product_name_uq').on(t.productId, t.name)],
);

export const productFormats = pgTable(
  'product_formats',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    vintageId: integer('vintage_id').references(() => productVintages.id, { onDelete: 'cascade' }),
    unity: text('unity').notNull().default('litre'),
    /** litres (or kg/units per `unity`) */
    unityValue: real('unity_value'),
    eq75: real('eq75'),
    container: text('container'),
    formatType: text('format_type').$type<'bottle' | 'bib' | 'vrac' | 'packing' | 'custom'>().notNull().default('bottle'),
    nameInShop: text('name_in_shop'),
    showUnityValue: boolean('show_unity_value').notNull().default(true),
    packing: text('packing'),
    packingQuantity: integer('packing_quantity').notNull().default(1),
    weight: real('weight'),
    gtin: text('gtin'),
    stock: integer('stock').notNull().default(0),
    minPurchase: integer('min_purchase').notNull().default(1),
    maxPurchase: integer('max_purchase'),
    position: integer('position').notNull().default(0),
    /** stock alert: crossing it (downwards) sends `thresholdReach`; null = no alert */
    alertThreshold: integer('alert_threshold'),
    /** last purchase cost per unit in cents HT (purchase receipts), for the margin shown on products */
    costCents: integer('cost_cents'),
    /** the CRD capsule colour a bottling of this format consumes by default (stock module's crd_colors) */
    crdColorId: integer('crd_color_id'),
    visuals: jsonb('visuals')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    wrapping: jsonb('wrapping').$type<FormatWrapping | null>(),
  },
  (t) => [
    index('product_formats_product_idx').on(t.productId),
    uniqueIndex('product_formats_shop_gtin_uq').on(t.shopId, t.gtin),
    index('product_formats_gtin_idx').on(t.gtin),
  ],
);

/** Price of a format for one typology of the shop (cents; TTC or HT per the typology). */
export const formatPrices = pgTable(
  'format_prices',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    formatId: integer('format_id')
      .notNull()
      .references(() => productFormats.id, { onDelete: 'cascade' }),
    typology: text('typology').notNull(),
    priceCents: integer('price_cents').notNull(),
    visible: boolean('visible').notNull().default(true),
    /** tiers: threshold quantity → unit price in cents */
    discountPrice: jsonb('discount_price')
      .$type<Record<string, number>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** tiers: threshold quantity → add-on (free) quantity */
    discountAdd: jsonb('discount_add')
      .$type<Record<string, number>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (t) => [
    uniqueIndex('format_prices_format_typology_uq').on(t.formatId, t.typology),
    index('format_prices_shop_typology_idx').on(t.shopId, t.typology),
  ],
);

export type PromotionActivation = 'always' | 'minProduct' | 'minPrice' | 'minProductOrder' | 'minPriceOrder';

export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    formatId: integer('format_id')
      .notNull()
      .references(() => productFormats.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').$type<'%' | '€'>().notNull(),
    /** percent (×1) or cents */
    amount: integer('amount').notNull(),
    activation: text('activation').$type<PromotionActivation>().notNull().default('always'),
    /** quantity or cents depending on activation */
    threshold: integer('threshold'),
    active: boolean('active').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
  },
  (t) => [index('promotions_format_idx').on(t.formatId)],
);

export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    location: text('location'),
    durationMinutes: integer('duration_minutes'),
    languages: jsonb('languages')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    mandatoryReservation: boolean('mandatory_reservation').notNull().default(true),
    /** rates: [{ name, priceCents, touristTax?, optional? }] */
    rates: jsonb('rates')
      .$type<Array<{ name: string; priceCents: number; optional?: boolean; touristTax?: boolean }>>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    visuals: jsonb('visuals')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    message: text('message'),
    /** shown and bookable on the shop's public pages */
    online: boolean('online').notNull().default(true),
    /** how its slots were made: one-off, or recurring (weekdays × times over a date range, exceptions), and
     * the period mode (slots without hours) */
    schedule: jsonb('schedule').$type<Record<string, unknown> | null>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('events_shop_idx').on(t.shopId)],
);

export const eventSlots = pgTable(
  'event_slots',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    places: integer('places').notNull(),
    placesLeft: integer('places_left').notNull(),
  },
  (t) => [index('event_slots_event_idx').on(t.eventId, t.startsAt)],
);

/**
 * Images uploaded from /dashboard/customize (issue 'shop editor'): there is no file storage yet, so the image is kept
 * as a data URL (png/jpeg/webp, ≤ 1 MB decoded) and served by GET /v1/shops/{id}/images/{kind}.
 */
export const shopImages = pgTable(
  'shop_images',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'banner' | 'logo'>().notNull(),
    dataUrl: text('data_url').notNull(),
    version: text('version').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('shop_images_shop_kind_uq').on(t.shopId, t.kind)],
);

/** §6 'professionals can request a price grid': one pending request per buyer and shop. */
export const priceGridRequests = pgTable(
  'price_grid_requests',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<'pending' | 'accepted' | 'refused'>().notNull().default('pending'),
    company: text('company'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('price_grid_requests_pending_uq')
      .on(t.shopId, t.userId)
      .where(sql`${t.status} = 'pending'`),
    index('price_grid_requests_shop_idx').on(t.shopId, t.createdAt),
  ],
);

/**
 * Uploaded images (product and format visuals): the bytes live in the media store (files under DATA_DIR/media, or an
 * S3-compatible bucket when configured); this row is what the api knows of one (re-encoded, metadata stripped).
 */
export const mediaFiles = pgTable(
  'media_files',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    /** storage key, also the public name: <sha256 of the stored bytes>.<ext> */
    key: text('key').notNull(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('media_files_key_uq').on(t.key), index('media_files_shop_idx').on(t.shopId)],
);
