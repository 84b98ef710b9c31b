import { and, eq } from 'drizzle-orm';
import { supplierBodySchema, type PurchaseOrderBody, type SupplierBody } from 'shared-kernel/contracts';
import type { Db } from '../platform/db/client';
import { shopMembers, shops, users } from '../platform/db/tables';
import type { Logger } from '../platform/logger';
import { createPurchasingService, createSupplierInvoicesService, purchaseOrders, supplierInvoices, suppliers } from '../modules/purchasing';
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

/**
 * The demo's received supplier e-invoice. Run after the sales seed: the reception checks that the invoice's buyer is
 * the shop's billing identity, which the sales seed saves.
 */
export async function seedReceivedInvoices(db: Db, logger?: Logger): Promise<void> {
  try {
    await seedReceivedInvoice(db);
  } catch (err) {
    logger?.warn({ err }, 'seedReceivedInvoices: no demo received supplier invoice');
  }
}

/**
 * A received e-invoice of the négociant (CII, as its software would send it) for the order received in full, through
 * the real reception (checks, supplier and order matching), so that « Factures fournisseurs » shows something on a
 * fresh start. Idempotent: nothing once the shop has received an invoice.
 */
async function seedReceivedInvoice(db: Db): Promise<void> {
  const [domaine] = await db.select({ id: shops.id }).from(shops).where(eq(shops.urlShop, 'domaine-demo'));
  if (!domaine) return;
  const shopId = domaine.id;
  if ((await db.select({ id: supplierInvoices.id }).from(supplierInvoices).where(eq(supplierInvoices.shopId, shopId)).limit(1)).length)
    return;
  const [negociant] = await db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(and(eq(suppliers.shopId, shopId), eq(suppliers.company, NEGOCIANT.company)));
  if (!negociant) return;
  const service = createPurchasingService({ db });
  const [order] = await db
    .select({ id: purchaseOrders.id })
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.shopId, shopId), eq(purchaseOrders.supplierId, negociant.id), eq(purchaseOrders.status, 'received')))
    .limit(1);
  const detail = order ? await service.getPurchase(shopId, order.id) : null;
  const lines = detail?.lines.map((l) => ({ name: l.label, quantity: l.quantity, price: l.unitCostCents })) ?? [
    { name: 'Fines Bulles Rosé 75 cl', quantity: 48, price: 720 },
  ];
  const issue = new Date(Date.now() - 12 * 86_400_000).toISOString().slice(0, 10);
  const due = new Date(Date.now() + 33 * 86_400_000).toISOString().slice(0, 10);
  const xml = negociantInvoiceXml({ number: `MLN-${issue.slice(0, 4)}-0412`, issue, due, orderNumber: detail?.number ?? null, lines });
  await createSupplierInvoicesService({ db }).receive(shopId, {
    fileName: 'MLN-facture-0412.xml',
    file: Buffer.from(xml, 'utf8'),
    via: 'mail',
    userId: null,
  });
}

/** A CII D16B invoice (EN 16931 profile) of the négociant to Domaine de Démo SAS, 20 % VAT. */
function negociantInvoiceXml(inv: {
  number: string;
  issue: string;
  due: string;
  orderNumber: string | null;
  lines: Array<{ name: string; quantity: number; price: number }>;
}): string {
  const amount = (c: number) => (c / 100).toFixed(2);
  const esc = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const ht = inv.lines.reduce((s, l) => s + l.quantity * l.price, 0);
  const vat = Math.round(ht * 0.2);
  const party = (name: string, siren: string, vatNumber: string, zip: string, city: string, street: string) =>
    `<ram:Name>${esc(name)}</ram:Name><ram:SpecifiedLegalOrganization><ram:ID schemeID="0002">${siren}</ram:ID></ram:SpecifiedLegalOrganization>` +
    `<ram:PostalTradeAddress><ram:PostcodeCode>${zip}</ram:PostcodeCode><ram:LineOne>${esc(street)}</ram:LineOne><ram:CityName>${city}</ram:CityName><ram:CountryID>FR</ram:CountryID></ram:PostalTradeAddress>` +
    `<ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">${vatNumber}</ram:ID></ram:SpecifiedTaxRegistration>`;
  const d = (iso: string) => iso.replace(/-/g, '');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
<rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>
<rsm:ExchangedDocument><ram:ID>${inv.number}</ram:ID><ram:TypeCode>380</ram:TypeCode><ram:IssueDateTime><udt:DateTimeString format="102">${d(inv.issue)}</udt:DateTimeString></ram:IssueDateTime></rsm:ExchangedDocument>
<rsm:SupplyChainTradeTransaction>
${inv.lines
  .map(
    (l, i) =>
      `<ram:IncludedSupplyChainTradeLineItem><ram:AssociatedDocumentLineDocument><ram:LineID>${i + 1}</ram:LineID></ram:AssociatedDocumentLineDocument>` +
      `<ram:SpecifiedTradeProduct><ram:Name>${esc(l.name)}</ram:Name></ram:SpecifiedTradeProduct>` +
      `<ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>${amount(l.price)}</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>` +
      `<ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="C62">${l.quantity}</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>` +
      `<ram:SpecifiedLineTradeSettlement><ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>20</ram:RateApplicablePercent></ram:ApplicableTradeTax>` +
      `<ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>${amount(l.quantity * l.price)}</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation></ram:SpecifiedLineTradeSettlement></ram:IncludedSupplyChainTradeLineItem>`,
  )
  .join('\n')}
<ram:ApplicableHeaderTradeAgreement>
<ram:SellerTradeParty>${party(NEGOCIANT.company, '356000000', 'FR39356000000', '33000', 'Bordeaux', '3 quai des Chartrons')}</ram:SellerTradeParty>
<ram:BuyerTradeParty>${party('Domaine de Démo SAS', '732829320', 'FR44732829320', '21200', 'Beaune', '1 route des Vignes')}</ram:BuyerTradeParty>
${inv.orderNumber ? `<ram:BuyerOrderReferencedDocument><ram:IssuerAssignedID>${inv.orderNumber}</ram:IssuerAssignedID></ram:BuyerOrderReferencedDocument>` : ''}
</ram:ApplicableHeaderTradeAgreement>
<ram:ApplicableHeaderTradeDelivery/>
<ram:ApplicableHeaderTradeSettlement>
<ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
<ram:ApplicableTradeTax><ram:CalculatedAmount>${amount(vat)}</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode><ram:BasisAmount>${amount(ht)}</ram:BasisAmount><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>20</ram:RateApplicablePercent></ram:ApplicableTradeTax>
<ram:SpecifiedTradePaymentTerms><ram:DueDateDateTime><udt:DateTimeString format="102">${d(inv.due)}</udt:DateTimeString></ram:DueDateDateTime></ram:SpecifiedTradePaymentTerms>
<ram:SpecifiedTradeSettlementHeaderMonetarySummation><ram:LineTotalAmount>${amount(ht)}</ram:LineTotalAmount><ram:TaxBasisTotalAmount>${amount(ht)}</ram:TaxBasisTotalAmount><ram:TaxTotalAmount currencyID="EUR">${amount(vat)}</ram:TaxTotalAmount><ram:GrandTotalAmount>${amount(ht + vat)}</ram:GrandTotalAmount><ram:DuePayableAmount>${amount(ht + vat)}</ram:DuePayableAmount></ram:SpecifiedTradeSettlementHeaderMonetarySummation>
</ram:ApplicableHeaderTradeSettlement>
</rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>
`;
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
