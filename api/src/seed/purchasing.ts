import { and, eq } from 'drizzle-orm';
import { supplierBodySchema, type PurchaseOrderBody, type SupplierBody } from 'shared-kernel/contracts';
import type { Db } from '../platform/db/client';
import { shopMembers, shops, users } from '../platform/db/tables';
import type { Logger } from '../platform/logger';
import { createPurchasingService, purchaseOrders, suppliers } from '../modules/purchasing';
import { warehouses } from '../modules/stock';

const BOTTLES: SupplierBody = {
  company: 'Verrerie & Bouchons du Sud',
  siret: '73282932000074',
  vatNumber: 'FR44732829320',
  email: 'commandes@verrerie-sud.test',
  phone: '06 12 34 56 78',
  address: { line1: '12 avenue de la Gare', zip: '34000', city: 'Montpellier', country: 'France' },
  contacts: [
    { name: 'Claire Martin', role: 'Commerciale', email: 'claire.martin@verrerie-sud.test', phone: '06 98 76 54 32' },
    { name: 'Paul Girard', role: 'Comptabilité', email: 'compta@verrerie-sud.test' },
  ],
  paymentDelay: '30EndOfMonth',
  notes: 'Franco de port à partir de 1 500 € HT. Livraison sous 10 jours ouvrés.',
  status: 'active',
};

const NEGOCIANT: SupplierBody = {
  company: 'Maison Lacombe Négoce',
  siret: '35600000000048',
  vatNumber: 'FR39356000000',
  email: 'achats@lacombe-negoce.test',
  phone: '07 81 23 45 67',
  address: { line1: '3 quai des Chartrons', zip: '33000', city: 'Bordeaux', country: 'France' },
  contacts: [{ name: 'Henri Lacombe', role: 'Gérant', email: 'henri@lacombe-negoce.test', phone: '07 81 23 45 67' }],
  paymentDelay: '45',
  notes: 'Effervescents et vins complémentaires pour la boutique du domaine.',
  status: 'active',
};

/**
 * Demo purchasing data of Domaine de Démo, after the catalogue and the stock (its warehouses 'Chai' and
 * 'Boutique du domaine'). Idempotent: nothing is done once the shop has suppliers. Receipts go through the stock
 * module (stock entries with their cost); without warehouses they are skipped and those orders stay 'sent'.
 */
export async function seedPurchasing(db: Db, logger?: Logger): Promise<void> {
  // demo data must never keep the app (or another module's tests) from starting
  try {
    await seed(db, logger);
  } catch (err) {
    logger?.error({ err }, 'seedPurchasing failed: no demo purchasing data');
  }
}

async function seed(db: Db, logger?: Logger): Promise<void> {
  const [domaine] = await db.select({ id: shops.id }).from(shops).where(eq(shops.urlShop, 'domaine-demo'));
  if (!domaine) return;
  const shopId = domaine.id;
  if ((await db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.shopId, shopId)).limit(1)).length) return;
  const [owner] = await db
    .select({ id: users.id })
    .from(shopMembers)
    .innerJoin(users, eq(users.id, shopMembers.userId))
    .where(and(eq(shopMembers.shopId, shopId), eq(shopMembers.kind, 'owner')))
    .limit(1);
  const userId = owner?.id ?? null;

  const service = createPurchasingService({ db });
  const bottles = await service.createSupplier(shopId, supplierBodySchema.parse(BOTTLES));
  const negociant = await service.createSupplier(shopId, supplierBodySchema.parse(NEGOCIANT));

  const whs = await db.select({ id: warehouses.id, name: warehouses.name }).from(warehouses).where(eq(warehouses.shopId, shopId));
  const chai = whs.find((w) => w.name === 'Chai') ?? null;
  const boutique = whs.find((w) => w.name === 'Boutique du domaine') ?? chai;
  const formats = await service.searchFormats(shopId, undefined);
  const format = (product: string) => formats.find((f) => f.label.startsWith(`${product} `) && f.label.endsWith('75 cl'))?.id ?? null;
  const wineLine = (product: string, quantity: number, unitCostCents: number) => {
    const formatId = format(product);
    return formatId ? { formatId, quantity, unitCostCents } : { label: `${product} 75 cl`, quantity, unitCostCents };
  };

  const create = (body: PurchaseOrderBody) =>
    service.createPurchase(shopId, userId, {
      supplierId: body.supplierId,
      warehouseId: body.warehouseId ?? null,
      expectedAt: body.expectedAt ?? null,
      notes: body.notes ?? null,
      lines: body.lines.map((l) => ({
        formatId: l.formatId ?? null,
        label: l.label ?? null,
        quantity: l.quantity,
        unitCostCents: l.unitCostCents,
      })),
    });
  const markSent = (id: number) => db.update(purchaseOrders).set({ status: 'sent', sentAt: new Date() }).where(eq(purchaseOrders.id, id));
  const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

  // a draft, not sent yet
  await create({
    supplierId: bottles.id,
    warehouseId: chai?.id ?? null,
    expectedAt: inDays(21),
    notes: 'Pour la mise en bouteille de printemps.',
    lines: [
      { label: 'Bouteilles bordelaises 75 cl (palette de 1 200)', quantity: 2, unitCostCents: 54_000 },
      { label: 'Bouchons liège naturel 49 × 24', quantity: 2_000, unitCostCents: 32 },
      { label: 'Capsules étain bordeaux', quantity: 2_000, unitCostCents: 9 },
    ],
  });
  // sent (no mail from the seed: the supplier addresses are fictitious)
  const sent = await create({
    supplierId: bottles.id,
    warehouseId: chai?.id ?? null,
    expectedAt: inDays(7),
    lines: [
      { label: 'Cartons 6 bouteilles imprimés', quantity: 500, unitCostCents: 85 },
      { label: 'Étiquettes Les Galets Rouges (rouleau de 1 000)', quantity: 3, unitCostCents: 12_000 },
    ],
  });
  await markSent(sent.id);
  // partially received, then fully received: wines bought from the négociant, received into the warehouses
  const partial = await create({
    supplierId: negociant.id,
    warehouseId: boutique?.id ?? null,
    expectedAt: inDays(-3),
    lines: [wineLine('Fines Bulles Brut', 120, 650), wineLine('Pét-Nat des Copains', 60, 520)],
  });
  await markSent(partial.id);
  const received = await create({
    supplierId: negociant.id,
    warehouseId: chai?.id ?? null,
    expectedAt: inDays(-10),
    lines: [wineLine('Fines Bulles Rosé', 48, 720), wineLine('Vin Jaune du Domaine', 24, 1_450)],
  });
  await markSent(received.id);

  if (!chai) {
    logger?.warn('seedPurchasing: no warehouse "Chai" yet (stock seed): demo receipts skipped');
    return;
  }
  try {
    await service.receivePurchase(shopId, userId, partial.id, {
      lines: [{ lineId: partial.lines[0].id, quantity: 60, warehouseId: null }],
      receivedAt: null,
    });
    await service.receivePurchase(shopId, userId, received.id, {
      lines: received.lines.map((l) => ({ lineId: l.id, quantity: l.quantity, warehouseId: null })),
      receivedAt: null,
    });
  } catch (err) {
    logger?.warn({ err }, 'seedPurchasing: demo receipts skipped');
  }
}
