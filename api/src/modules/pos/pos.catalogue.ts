/**
 * What the till sells: the shop's formats at the counter typology's TTC prices (its global discount applied, as the
 * cart does), with their VAT rate, accounting type, GTIN and the salespoint's warehouse stock. Tickets are priced from
 * the same items, so the till and the api agree on every price.
 */
import type { PosCatalog, PosCatalogItem } from 'shared-kernel/contracts';
import { ACCOUNTING_TYPE_OF_PRODUCT, typologyDiscounted, vatRateOf, type VatType } from 'shared-kernel/domain';
import type { DbOrTx } from '../../platform/db/client';
import type { PosDeps } from './pos.model';
import { catalogRows, shopTypologies } from './pos.repository';
import { ensureModule, salesPointOf } from './pos.scope';
import type { SalesPointRow } from './pos.tables';

/** The counter typology: the salespoint's, else the shop's public one, else the first. */
export async function typologyOf(db: DbOrTx, shopId: number, sp: SalesPointRow) {
  const shop = await shopTypologies(db, shopId);
  // format_prices.typology is the typology's id ('particulier'); the salespoint may name it by id or name
  const list = (shop?.typologies ?? []) as Array<{
    id?: string;
    name?: string;
    public?: boolean;
    ttc?: boolean;
    globalDiscount?: number;
  }>;
  const chosen = (sp.typology && list.find((t) => t.id === sp.typology || t.name === sp.typology)) ||
    list.find((t) => t.public) ||
    list[0] || { id: 'particulier', name: 'Particulier', ttc: true };
  const rates = (shop?.settings ?? {}) as { vatRate?: Partial<Record<VatType, number>>; hasTVA?: boolean };
  return {
    name: chosen.id ?? chosen.name ?? 'particulier',
    ttc: chosen.ttc !== false,
    // « Remise globale » of the counter typology: the till sells at the same discounted prices as the cart
    discount: (chosen as { globalDiscount?: number }).globalDiscount ?? 0,
    rates: rates.vatRate,
    vatOn: rates.hasTVA !== false,
  };
}

/** The items of the catalogue; `formatIds`: only those (a ticket's lines). */
export async function catalogItems(
  db: DbOrTx,
  shopId: number,
  sp: SalesPointRow,
  formatIds?: number[],
): Promise<{ typology: string; items: PosCatalogItem[] }> {
  const typo = await typologyOf(db, shopId, sp);
  const r = await catalogRows(db, shopId, typo.name, sp.warehouseId, formatIds);
  const items = r.map((x): PosCatalogItem => {
    const rate = typo.vatOn ? vatRateOf(x.vat_type, typo.rates) : 0;
    const cl = x.unity === 'litre' && x.unity_value != null ? Math.round(x.unity_value * 100) : null;
    const size = x.name_in_shop || (cl != null ? `${cl} cl` : x.unity_value != null ? `${x.unity_value} ${x.unity}` : null);
    return {
      formatId: x.format_id,
      vintageId: x.vintage_id,
      productId: x.product_id,
      label: x.name,
      details: [x.vintage, size].filter(Boolean).join(' · ') || null,
      gtin: x.gtin,
      gamme: x.gamme,
      productType: x.product_type,
      color: x.color,
      unitPriceTTC: typo.ttc
        ? typologyDiscounted(x.price_cents, typo.discount)
        : Math.round((typologyDiscounted(x.price_cents, typo.discount) * (100 + rate)) / 100),
      vatRate: rate,
      accountingType: ACCOUNTING_TYPE_OF_PRODUCT[x.product_type] ?? 'product',
      stock: x.stock,
      visual: x.visual && !x.visual.startsWith('data:') ? x.visual : null,
    };
  });
  return { typology: typo.name, items };
}

/** The whole catalogue of a salespoint, with the time it was read (`at`). */
export async function catalog({ db, clock }: PosDeps, shopId: number, id: number): Promise<PosCatalog> {
  await ensureModule(db, shopId);
  const sp = await salesPointOf(db, shopId, id);
  return { ...(await catalogItems(db, shopId, sp)), at: clock().toISOString() };
}
