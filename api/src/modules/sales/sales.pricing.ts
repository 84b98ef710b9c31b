/**
 * Prices a back-office order with the cart's engine at the client's typology — the same tiers, promotions
 * and duties as the public shop and the cart (orders.buildOrder) — then applies what the back office adds: a unit
 * price typed by hand, a line discount %, offered lines, free-text lines, an order discount and a shipping price.
 *
 * ROUNDING (the engine's one rule, see shared-kernel/domain/pricing/engine.ts): integer cents; every derived amount
 * is rounded once, half away from zero, where it is computed — a line discount per line, the order discount split
 * over the lines in proportion to their net HT (largest remainder, then the line with the highest amount, so the parts
 * add up exactly), the VAT per rate on
 * the sum of the lines of that rate. Hence totalTTC = totalHT + Σ VAT per rate, to the cent.
 */
import { inArray } from 'drizzle-orm';
import type { CartOrderInput, SalesOrderPreview } from 'shared-kernel/contracts';
import { SALES_MESSAGES as M, type salesOrderInputSchema } from 'shared-kernel/contracts';
import {
  ACCOUNTING_TYPE_OF_PRODUCT,
  packagesFor,
  splitCentsBy,
  toCents,
  vatOf,
  vatRateOf,
  zoneFor,
  type VatType,
} from 'shared-kernel/domain';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client';
import type { ShopMemberRow, ShopRow } from '../../platform/db/tables';
import { HttpError } from '../../platform/errors';
import { productFormats, productVintages } from '../catalog';
import type { CrmClientRow } from '../clients';
import { buildOrder, checkoutSettingsOf } from '../orders';

export type SalesOrderValues = z.output<typeof salesOrderInputSchema>;

export interface PricedLine {
  kind: 'product' | 'shipping';
  label: string;
  details: string | null;
  productId: number | null;
  formatId: number | null;
  vintageId: number | null;
  quantity: number;
  addQuantity: number;
  unitPriceHT: number;
  promoAmount: number;
  discountHT: number;
  duties: number;
  vatRate: number;
  totalHT: number;
  free: boolean;
  accountingType: string;
  /** units of stock the line takes (catalogue formats only) */
  units: number;
}

export interface PricedOrder {
  lines: PricedLine[];
  shippingHT: number;
  discountHT: number;
  promoAmount: number;
  duties: number;
  totalHT: number;
  tva: number;
  totalTTC: number;
  vatByRate: Array<{ rate: number; baseHT: number; vat: number }>;
  nbrPackages: number;
  typology: string;
  problems: Array<{ field: string; message: string }>;
}

const ACCOUNTING_OF_TYPE = ACCOUNTING_TYPE_OF_PRODUCT;

/** The viewer the catalogue prices a client's order for: a client membership at the client's typology. */
function clientViewer(shop: ShopRow, client: CrmClientRow) {
  const member = { shopId: shop.id, kind: 'client', typology: client.typology, authorizations: {} } as unknown as ShopMemberRow;
  return { memberships: [member], user: { id: 0, isPro: client.kind === 'professional' } };
}

const sizeLabel = (unity: string, value: number | null): string => {
  if (!value) return '';
  if (unity === 'litre') {
    const cl = Math.round(value * 100);
    return cl < 100 ? `${cl} cl` : `${String(cl / 100).replace('.', ',')} L`;
  }
  return `${String(value).replace('.', ',')} ${unity}`;
};

/** The country of the client's delivery address (the one picked, else the default / first delivery one), or null. */
function deliveryCountryOf(client: CrmClientRow, index: number | null | undefined): string | null {
  const all = (client.addresses ?? []) as Array<{ kind?: string; isDefault?: boolean; country?: string | null }>;
  const delivery = all.filter((a) => a.kind === 'delivery');
  const a = (index != null ? all[index] : undefined) ?? delivery.find((x) => x.isDefault) ?? delivery[0] ?? all[0];
  return a?.country?.trim() ? a.country.trim().toUpperCase() : null;
}

export async function priceSalesOrder(db: Db, shop: ShopRow, client: CrmClientRow, input: SalesOrderValues): Promise<PricedOrder> {
  const problems: PricedOrder['problems'] = [];
  const rates = (shop.settings as { vatRate?: Partial<Record<VatType, number>>; hasTVA?: boolean } | null) ?? {};
  const vatOn = rates.hasTVA !== false;
  const standardRate = vatOn ? vatRateOf('standard', rates.vatRate) : 0;
  const sample = input.subType === 'sample';

  // catalogue lines: format → product (and a vintage of that product) of this shop
  const formatIds = input.lines.map((l) => l.formatId).filter((v): v is number => !!v);
  const formats = formatIds.length
    ? await db
        .select({
          id: productFormats.id,
          productId: productFormats.productId,
          shopId: productFormats.shopId,
          vintageId: productFormats.vintageId,
        })
        .from(productFormats)
        .where(inArray(productFormats.id, formatIds))
    : [];
  const formatOf = new Map(formats.filter((f) => f.shopId === shop.id).map((f) => [f.id, f]));
  // a format of one vintage is sold in that vintage (the engine would take the product's first one)
  const vintageIds = input.lines
    .map((l) => l.vintageId ?? (l.formatId ? formatOf.get(l.formatId)?.vintageId : null))
    .filter((v): v is number => !!v);
  const vintages = vintageIds.length
    ? await db
        .select({ id: productVintages.id, productId: productVintages.productId })
        .from(productVintages)
        .where(inArray(productVintages.id, vintageIds))
    : [];
  const vintageOf = new Map(vintages.map((v) => [v.id, v]));

  const cartProducts: CartOrderInput['products'] = [];
  input.lines.forEach((l, i) => {
    if (!l.formatId) return;
    const f = formatOf.get(l.formatId);
    if (!f) throw new HttpError(400, M.formatNotFound, `lines.${i}.formatId`);
    const vintageId = l.vintageId ?? f.vintageId;
    const v = vintageId ? vintageOf.get(vintageId) : undefined;
    if (vintageId && (!v || v.productId !== f.productId || (f.vintageId && f.vintageId !== vintageId)))
      throw new HttpError(400, M.formatNotFound, `lines.${i}.vintageId`);
    cartProducts.push({
      idTmp: String(i),
      id: f.productId,
      quantity: l.quantity,
      chosenFormat: { id: f.id },
      chosenVintage: v ? { id: v.id } : null,
    });
  });
  const built = cartProducts.length
    ? await buildOrder(db, clientViewer(shop, client), { seller: { id: shop.id }, products: cartProducts, reservations: [] }, null)
    : null;
  for (const p of built?.problems ?? []) {
    // the back office checks stock per warehouse at validation and may go past the shop's purchase limits
    if (p.message.startsWith('Stock insuffisant') || p.message.startsWith('La quantité')) continue;
    problems.push({ field: p.idTmp !== undefined ? `lines.${p.idTmp}.formatId` : 'lines', message: p.message });
  }

  const lines: PricedLine[] = [];
  input.lines.forEach((l, i) => {
    const free = !!l.free || sample;
    const discountPct = l.discountPercent ?? 0;
    if (l.formatId) {
      const rebuilt = built?.products.find((p) => p.idTmp === String(i));
      const engine = built?.priced.lines.find((p) => p.idTmp === String(i));
      if (!rebuilt || !engine) {
        if (!problems.some((p) => p.field === `lines.${i}.formatId`))
          problems.push({ field: `lines.${i}.formatId`, message: M.formatNotFound });
        return;
      }
      const unit = free ? 0 : (l.unitPriceHT ?? engine.unitPrice);
      const gross = unit * l.quantity;
      const promo = free || l.unitPriceHT != null ? 0 : engine.promoAmount;
      const net = gross - promo;
      const discount = free ? 0 : Math.round((net * discountPct) / 100);
      const duties = engine.duties + engine.customTax;
      const details = [rebuilt.vintage?.name, rebuilt.format.nameInShop || sizeLabel(rebuilt.format.unity, rebuilt.format.unityValue)]
        .filter(Boolean)
        .join(' · ');
      lines.push({
        kind: 'product',
        label: rebuilt.product.name,
        details: details || null,
        productId: rebuilt.product.id,
        formatId: rebuilt.format.id,
        vintageId: rebuilt.vintage?.id ?? null,
        quantity: l.quantity,
        addQuantity: free ? 0 : engine.addQuantity,
        unitPriceHT: unit,
        promoAmount: promo,
        discountHT: discount,
        duties,
        vatRate: engine.vatRate,
        totalHT: net - discount + duties,
        free,
        accountingType: sample ? 'productSample' : l.free ? 'productGift' : (ACCOUNTING_OF_TYPE[rebuilt.product.productType] ?? 'product'),
        units: l.quantity + (free ? 0 : engine.addQuantity),
      });
    } else {
      const unit = free ? 0 : (l.unitPriceHT ?? 0);
      const gross = unit * l.quantity;
      const discount = free ? 0 : Math.round((gross * discountPct) / 100);
      const rate = vatOn ? (l.vatRate ?? standardRate) : 0;
      lines.push({
        kind: 'product',
        label: l.label!,
        details: null,
        productId: null,
        formatId: null,
        vintageId: null,
        quantity: l.quantity,
        addQuantity: 0,
        unitPriceHT: unit,
        promoAmount: 0,
        discountHT: discount,
        duties: 0,
        vatRate: rate,
        totalHT: gross - discount,
        free,
        accountingType: sample ? 'productSample' : l.free ? 'productGift' : (l.accountingType ?? 'prestation'),
        units: 0,
      });
    }
  });

  // order discount: % or € of the products' net HT (duties excluded), split over the lines
  const bases = lines.map((l) => Math.max(0, l.totalHT - l.duties));
  const baseSum = bases.reduce((a, b) => a + b, 0);
  let orderDiscount = 0;
  if (input.discount && input.discount.value > 0 && !sample) {
    if (input.discount.type === 'percent') {
      if (input.discount.value > 100) throw new HttpError(400, M.discountPercent, 'discount.value');
      orderDiscount = Math.round((baseSum * input.discount.value) / 100);
    } else {
      orderDiscount = Math.round(input.discount.value);
      if (orderDiscount > baseSum) throw new HttpError(400, M.discountAmount, 'discount.value');
    }
    splitCentsBy(orderDiscount, bases).forEach((part, i) => {
      lines[i].discountHT += part;
      lines[i].totalHT -= part;
    });
  }

  // shipping: a price typed by hand, or the shop's delivery type at the rate of the zone serving the client's delivery
  // country, plus the shop's price per package beyond the first (settings section `delivery`; default 7 € HT, 12 bottles)
  const bottles = lines.reduce((n, l) => n + l.units, 0);
  const settings = built?.settings ?? (await checkoutSettingsOf(db, shop.id));
  const nbrPackages = packagesFor(bottles, settings.packaging);
  let shippingHT = 0;
  let shippingLabel = 'Frais de port';
  const s = input.shipping;
  if (s && (s.priceHT != null || s.ref || s.type || s.collectionPointId != null)) {
    if (s.priceHT != null) shippingHT = s.priceHT;
    else {
      if (s.collectionPointId != null) {
        const cp = settings.collectionPoints.find((p) => p.id === s.collectionPointId);
        if (!cp) throw new HttpError(400, 'Point de retrait inconnu', 'shipping.collectionPointId');
        shippingHT = toCents(cp.price);
        shippingLabel = `Retrait : ${cp.name}`;
      } else {
        const dt = settings.deliveryTypes.find((d) => (s.ref ? d.ref === s.ref : d.type === s.type));
        if (!dt) throw new HttpError(400, 'Mode de livraison inconnu', 'shipping.ref');
        const rate = zoneFor(dt, deliveryCountryOf(client, input.deliveryAddressIndex))?.price ?? dt.price;
        shippingHT = toCents(rate) + toCents(settings.packaging.extraPackagePrice) * Math.max(0, nbrPackages - 1);
        shippingLabel = `Livraison : ${dt.name}`;
      }
    }
    if (sample) shippingHT = 0;
    lines.push({
      kind: 'shipping',
      label: shippingLabel,
      details: nbrPackages ? `${nbrPackages} colis` : null,
      productId: null,
      formatId: null,
      vintageId: null,
      quantity: 1,
      addQuantity: 0,
      unitPriceHT: shippingHT,
      promoAmount: 0,
      discountHT: 0,
      duties: 0,
      vatRate: standardRate,
      totalHT: shippingHT,
      free: false,
      accountingType: 'shipping',
      units: 0,
    });
  }

  const byRate = new Map<number, number>();
  for (const l of lines) byRate.set(l.vatRate, (byRate.get(l.vatRate) ?? 0) + l.totalHT);
  const vatByRate = [...byRate.entries()].sort((a, b) => b[0] - a[0]).map(([rate, baseHT]) => ({ rate, baseHT, vat: vatOf(baseHT, rate) }));
  const totalHT = lines.reduce((n, l) => n + l.totalHT, 0);
  const tva = vatByRate.reduce((n, v) => n + v.vat, 0);
  return {
    lines,
    shippingHT,
    discountHT: lines.reduce((n, l) => n + l.discountHT, 0),
    promoAmount: lines.reduce((n, l) => n + l.promoAmount, 0),
    duties: lines.reduce((n, l) => n + l.duties, 0),
    totalHT,
    tva,
    totalTTC: totalHT + tva,
    vatByRate,
    nbrPackages,
    typology: built?.typology ?? client.typology ?? '',
    problems,
  };
}

export function previewOf(p: PricedOrder): SalesOrderPreview {
  return {
    lines: p.lines
      .filter((l) => l.kind === 'product')
      .map((l) => ({
        label: l.label,
        details: l.details,
        formatId: l.formatId,
        quantity: l.quantity,
        unitPriceHT: l.unitPriceHT,
        discountHT: l.discountHT + l.promoAmount,
        duties: l.duties,
        vatRate: l.vatRate,
        totalHT: l.totalHT,
        free: l.free,
      })),
    shippingHT: p.shippingHT,
    discountHT: p.discountHT + p.promoAmount,
    totalHT: p.totalHT,
    tva: p.tva,
    totalTTC: p.totalTTC,
    vatByRate: p.vatByRate,
    typology: p.typology,
    problems: p.problems,
  };
}
