/**
 * A product's nested rows as a save writes them: its vintages (the excise code's duty rates, the nutrition
 * declaration) and its formats with their prices (one per typology) and promotions, matched by id — new ones
 * created, missing ones deleted unless an order or a stock movement points at them: those are kept, and a kept format
 * is hidden from every typology.
 */
import { PRODUCT_ADMIN_MESSAGES as M, kcalFromKj, kjFromKcal, type ProductInputParsed } from 'shared-kernel/contracts';
import { eq75, exciseRatesFor } from 'shared-kernel/domain';
import type { DbOrTx } from '../../platform/db/client';
import { fieldError } from './products.model';
import * as repo from './products.repository';

/** What a save knows of the product before it: its rows, and which of them orders or stock movements use (none for a new one). */
export interface SavedBefore {
  kids: Awaited<ReturnType<typeof repo.loadChildren>> | null;
  used: Awaited<ReturnType<typeof repo.usedRows>> | null;
}

/** The nutrition declaration as stored: the energy entered once, the other unit computed (1 kcal = 4.184 kJ). */
function nutritionOf(n: ProductInputParsed['vintages'][number]['nutrition']) {
  if (!n) return null;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(n)) if (v !== null && v !== undefined && v !== '') out[k] = v;
  if (n.energyKcal != null) out.energyKj = kjFromKcal(n.energyKcal);
  else if (n.energyKj != null) out.energyKcal = kcalFromKj(n.energyKj);
  return out;
}

const vintageValues = (v: ProductInputParsed['vintages'][number], position: number, old?: repo.VintageRow): repo.VintageValues => ({
  name: v.name,
  alcohol: v.alcohol,
  lot: v.lot,
  // the duty rates the excise module and the price engine read (da, css, typeDA): those of the excise code, set when
  // the code is chosen or changed (kept as they were otherwise)
  legal: {
    ...(old?.legal ?? {}),
    ...(v.legal.code && (old?.legal.code !== v.legal.code || old?.legal.da === undefined) ? exciseRatesFor(v.legal.code, v.alcohol) : {}),
    code: v.legal.code ?? undefined,
    dutyType: v.legal.dutyType,
    customTaxName: v.legal.customTaxName,
    customTaxAmountPerHL: v.legal.customTaxAmountPerHL,
    customTaxFamilies: v.legal.customTaxFamilies,
    customTaxVat: v.legal.customTaxVat,
  },
  nutrition: nutritionOf(v.nutrition) as repo.VintageValues['nutrition'],
  position,
});

const formatValues = (f: ProductInputParsed['formats'][number], position: number): repo.FormatValues => ({
  unity: f.unity,
  unityValue: f.unityValue,
  // §9: 75 cl equivalent = volume / 0.75 (litres only)
  eq75: f.unity === 'litre' ? eq75(f.unityValue) : null,
  container: f.container,
  formatType: f.formatType,
  nameInShop: f.nameInShop,
  showUnityValue: f.showUnityValue,
  packing: f.packing,
  packingQuantity: f.packingQuantity,
  weight: f.weight,
  gtin: f.gtin,
  minPurchase: f.minPurchase,
  maxPurchase: f.maxPurchase,
  alertThreshold: f.alertThreshold,
  costCents: f.costCents,
  visuals: f.visuals,
  wrapping: f.wrapping,
  position,
});

const priceValues = (f: ProductInputParsed['formats'][number]): repo.PriceValues[] =>
  f.prices.map((p) => ({
    typology: p.typology,
    visible: p.visible,
    priceCents: p.priceCents,
    discountPrice: Object.fromEntries(p.tiers.filter((t) => t.priceCents != null).map((t) => [String(t.quantity), t.priceCents!])),
    discountAdd: Object.fromEntries(p.tiers.filter((t) => t.add != null).map((t) => [String(t.quantity), t.add!])),
  }));

const promotionValues = (p: ProductInputParsed['formats'][number]['promotions'][number]): repo.PromotionValues => ({
  name: p.name,
  type: p.type,
  amount: p.amount,
  activation: p.activation,
  threshold: p.activation === 'always' ? null : p.threshold,
  active: p.active,
  startsAt: p.startsAt ? new Date(p.startsAt) : null,
  endsAt: p.endsAt ? new Date(p.endsAt) : null,
});

export async function saveVintages(
  tx: DbOrTx,
  shopId: number,
  id: number,
  input: ProductInputParsed,
  { kids, used }: SavedBefore,
): Promise<void> {
  const oldVintages = new Map((kids?.vintages ?? []).map((v) => [v.id, v]));
  input.vintages.forEach((v, i) => {
    if (v.id !== undefined && !oldVintages.has(v.id)) throw fieldError(M.vintageUnknown, 'vintages', i, 'id');
  });
  const keptV = new Set(input.vintages.map((v) => v.id).filter((x): x is number => x !== undefined));
  await repo.deleteVintages(
    tx,
    id,
    [...oldVintages.keys()].filter((v) => !keptV.has(v) && !used?.vintages.has(v)),
  );
  for (const [i, v] of input.vintages.entries())
    if (v.id !== undefined) await repo.updateVintage(tx, id, v.id, vintageValues(v, i, oldVintages.get(v.id)));
  await repo.insertVintages(
    tx,
    shopId,
    id,
    input.vintages.flatMap((v, i) => (v.id === undefined ? [vintageValues(v, i)] : [])),
  );
}

export async function saveFormats(
  tx: DbOrTx,
  shopId: number,
  id: number,
  input: ProductInputParsed,
  { kids, used }: SavedBefore,
): Promise<void> {
  const oldFormats = new Map((kids?.formats ?? []).map((f) => [f.id, f]));
  input.formats.forEach((f, i) => {
    if (f.id !== undefined && !oldFormats.has(f.id)) throw fieldError(M.formatUnknown, 'formats', i, 'id');
  });
  const keptF = new Set(input.formats.map((f) => f.id).filter((x): x is number => x !== undefined));
  const missing = [...oldFormats.keys()].filter((f) => !keptF.has(f));
  await repo.deleteFormats(
    tx,
    id,
    missing.filter((f) => !used?.formats.has(f)),
  );
  await repo.hideFormats(
    tx,
    missing.filter((f) => used?.formats.has(f)),
  );
  await repo.clearGtins(
    tx,
    id,
    input.formats.filter((f) => f.id !== undefined && oldFormats.get(f.id)!.gtin !== f.gtin).map((f) => f.id!),
  );
  for (const [i, f] of input.formats.entries()) {
    let formatId: number;
    if (f.id !== undefined) {
      formatId = f.id;
      await repo.updateFormat(tx, id, formatId, formatValues(f, i));
    } else formatId = await repo.insertFormat(tx, shopId, id, formatValues(f, i));
    await repo.replacePrices(tx, shopId, formatId, priceValues(f));
    const oldPromos = new Set((kids?.promos ?? []).filter((x) => x.formatId === formatId).map((x) => x.id));
    await repo.syncPromotions(
      tx,
      shopId,
      formatId,
      f.promotions.flatMap((p) => (p.id !== undefined && oldPromos.has(p.id) ? [{ id: p.id, values: promotionValues(p) }] : [])),
      f.promotions.flatMap((p) => (p.id === undefined || !oldPromos.has(p.id) ? [promotionValues(p)] : [])),
    );
  }
}
