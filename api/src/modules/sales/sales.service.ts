import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type {
  BillingSettings,
  BulkOrderActionResult,
  ClientCredit,
  InvoiceDetail,
  InvoiceLine,
  InvoiceSummary,
  OrderActionResult,
  Paginated,
  Party,
  SalesOrderExtra,
  SalesPayment,
  DocumentsSettings,
  PublicQuote,
  billingSettingsSchema,
  quoteAnswerInputSchema,
  quoteSendInputSchema,
  creditNoteInputSchema,
  depositInputSchema,
  orderActionInputSchema,
  paymentInputSchema,
  useCreditInputSchema,
} from 'shared-kernel/contracts';
import { CHECKOUT_TO_SALES_PAYMENT_METHOD, SALES_MESSAGES as M, SALES_PAYMENT_METHOD_LABELS } from 'shared-kernel/contracts';
import {
  ORDER_STATUS,
  allowedOrderActions,
  formatCents,
  isValidSiren,
  isValidSiret,
  isValidVatNumber,
  maySalesAct,
  nextOrderState,
  orderTransitionMessage,
  splitCentsBy,
  type OrderAction,
  type SalesAction,
  type SalesDocumentState,
} from 'shared-kernel/domain';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../platform/db/client';
import { users, type ShopMemberRow } from '../../platform/db/tables';
import { HttpError, forbidden, notFound } from '../../platform/errors';
import type { UserAuthContext } from '../../platform/auth/middleware';
import { paginated } from '../../platform/list-query';
import { answerCacheFor } from '../../platform/answer-cache';
import { enqueueMail, nudgeJobs } from '../../platform/jobs';
import { orderPackagesOf, trackingMail } from './sales.delivery';
import { renderInvoicePdf, type InvoiceDocument } from './documents';
import { publicQuoteOf, publicQuoteState, quoteDocument, quoteMail, quoteStateLabel, type QuoteSource } from './sales.quotes';
import { shops } from '../../platform/db/tables';
import { clientName, crmClients, type CrmClientRow } from '../clients';
import { syncOrdersLoyalty } from '../loyalty';
import {
  giveBackPlaces,
  nextCounterValue,
  orderLines,
  orders,
  type LedgerPayment,
  type OrderPaymentsLedger,
  type OrderRow,
  type OrdersService,
  type RefundLine,
} from '../orders';
import { notifyShopStaff, notifyUsers, ORDER_READERS, PAYMENT_READERS } from '../notifications';
import { applyMovements, recomputeWebStock, stockLevels, warehouses } from '../stock';
import {
  creditedQuantities,
  insertDocument,
  lineShare,
  parisDate,
  nextNumber,
  sellerParty,
  settleDocument,
  vatBreakdown,
} from './sales.invoicing';
import { previewOf, priceSalesOrder, type SalesOrderValues } from './sales.pricing';
import type { InvoicesListQuery, PaymentsListQuery } from './sales.schemas';
import { billingSettings, invoices, orderHistory, paymentAllocations, salesPayments, type InvoiceRow } from './sales.tables';

type CreditNoteValues = z.output<typeof creditNoteInputSchema>;
type DepositValues = z.output<typeof depositInputSchema>;
type PaymentValues = z.output<typeof paymentInputSchema>;
type ActionValues = z.output<typeof orderActionInputSchema>;
type BillingValues = z.output<typeof billingSettingsSchema>;
type QuoteSendValues = z.output<typeof quoteSendInputSchema>;
type UseCreditValues = z.output<typeof useCreditInputSchema>;
type QuoteAnswerValues = z.output<typeof quoteAnswerInputSchema>;

/** What a page of the invoices list is read from. */
const INVOICE_LIST_TABLES = new Set(['invoices', 'orders']);

export interface SalesDeps {
  db: Db;
  orders: OrdersService;
  /** after commit: render and keep the PDF of issued documents (the documents module) */
  onIssued?: (shopId: number, ids: number[]) => void;
  /** the time documents are dated with (the demo seed issues last months' invoices) */
  clock?: () => Date;
}

const iso = (d: Date | string | null | undefined): string | null => (d == null ? null : d instanceof Date ? d.toISOString() : d);

/** A person as notifications and the history name them: first and last name, else the username. */
const personName = (u: { firstname: string | null; lastname: string | null; username: string | null }): string | null =>
  [u.firstname, u.lastname].filter(Boolean).join(' ') || u.username || null;

/** What an invoice still owes (0 for a credit note). */
const remainingOf = (d: InvoiceRow): number => (d.kind === 'credit' ? 0 : Math.max(0, d.amountDue - d.paid - d.credited));

/**
 * Every action on a sales document goes through the one rights table (shared-kernel order-rights: what the action
 * produces in the document's state → the §6 rights it needs, agents or not); 403 otherwise. Which documents the caller
 * reaches (their shop; an agent, their own clients' orders) is `orderOf` / `clientOf`'s, checked before.
 */
function assertMay(member: ShopMemberRow, action: SalesAction, state?: Partial<SalesDocumentState> | null): void {
  if (!maySalesAct(member, action, state)) throw forbidden();
}

export function clientParty(c: CrmClientRow): Party {
  const addresses = (c.addresses ?? []) as Array<{
    kind: string;
    isDefault?: boolean;
    street?: string | null;
    streetNumber?: string | null;
    street2?: string | null;
    zipcode?: string | null;
    city?: string | null;
    country?: string | null;
  }>;
  const a =
    addresses.find((x) => x.kind === 'billing' && x.isDefault) ??
    addresses.find((x) => x.kind === 'billing') ??
    addresses.find((x) => x.kind === 'delivery' && x.isDefault) ??
    addresses[0];
  const pro = c.kind === 'professional';
  return {
    name: clientName(c),
    legalForm: null,
    capital: null,
    siret: pro ? c.siret : null,
    siren: pro && c.siret ? c.siret.slice(0, 9) : null,
    rcs: null,
    vatNumber: pro ? c.vatNumber : null,
    exciseNumber: null,
    address: a
      ? {
          street: [a.streetNumber, a.street].filter(Boolean).join(' '),
          street2: a.street2 ?? null,
          zipcode: a.zipcode ?? '',
          city: a.city ?? '',
          country: (a.country ?? 'FR').toUpperCase().slice(0, 2),
        }
      : null,
    email: c.email,
    phone: c.phone ?? c.mobile,
    isPro: pro,
  };
}

/** The buyer of a checkout order without a client file: the order's own snapshot. */
function orderParty(o: OrderRow): Party {
  const a = o.billingAddress ?? o.deliveryAddress;
  return {
    name: a?.company || o.buyerName,
    legalForm: null,
    capital: null,
    siret: null,
    siren: null,
    rcs: null,
    vatNumber: null,
    exciseNumber: null,
    address: a ? { street: a.street, street2: a.street2 ?? null, zipcode: a.zipcode, city: a.city, country: a.country } : null,
    email: o.buyerEmail,
    phone: o.phone,
    isPro: false,
  };
}

type CrmAddress = {
  kind?: string;
  isDefault?: boolean;
  street?: string | null;
  streetNumber?: string | null;
  street2?: string | null;
  zipcode?: string | null;
  city?: string | null;
  country?: string | null;
};

const partyAddress = (a: CrmAddress): NonNullable<Party['address']> => ({
  street: [a.streetNumber, a.street].filter(Boolean).join(' '),
  street2: a.street2 ?? null,
  zipcode: a.zipcode ?? '',
  city: a.city ?? '',
  country: (a.country ?? 'FR').toUpperCase().slice(0, 2),
});

/** The client's address an order is delivered to: the one chosen (its index), else its default delivery address. */
function clientDeliveryAddress(c: CrmClientRow, index: number | null | undefined): Party['address'] {
  const all = (c.addresses ?? []) as CrmAddress[];
  const delivery = all.filter((a) => a.kind === 'delivery');
  const a = (index != null ? all[index] : undefined) ?? delivery.find((x) => x.isDefault) ?? delivery[0];
  return a?.street?.trim() ? partyAddress(a) : null;
}

/**
 * The buyer of a document issued for an order: the client file (or the order's own snapshot) and, frozen with it, the
 * address the order was delivered to (printed when it is not the billing address, a mention the e-invoicing reform
 * adds: CGI ann. II art. 242 nonies A as amended by décret 2022-1299; BG-15 in the Factur-X).
 */
function buyerOfOrder(o: OrderRow, client: CrmClientRow | undefined): Party {
  const party = client ? clientParty(client) : orderParty(o);
  const d = o.deliveryAddress;
  if (!d?.street?.trim()) return party;
  return {
    ...party,
    deliveryAddress: { street: d.street, street2: d.street2 ?? null, zipcode: d.zipcode, city: d.city, country: d.country },
  };
}

/**
 * A professional buyer is identified on every invoice (CGI ann. II art. 242 nonies A, I-1° as amended by décret
 * 2022-1299: the client's SIREN; BR-FR-11 rejects a B2B e-invoice without a valid BT-47): one established in France by
 * a SIREN passing its Luhn key, one of another EU state by its intra-community VAT number instead. Checked before the
 * number is taken, so a refused invoice consumes none (the series stays gapless). Buyers outside the EU have neither.
 */
export function assertBuyerIdentified(buyer: Party): void {
  if (!buyer.isPro) return;
  const siren = buyer.siren?.replace(/\s/g, '') || (buyer.siret ? buyer.siret.replace(/[\s.-]/g, '').slice(0, 9) : '');
  const sirenOk = (!buyer.siret || isValidSiret(buyer.siret)) && isValidSiren(siren);
  if (sirenOk) return;
  const vat = buyer.vatNumber?.replace(/\s/g, '').toUpperCase() ?? '';
  const vatCountry = vat ? (vat.startsWith('EL') ? 'GR' : vat.slice(0, 2)) : null;
  const country = buyer.address?.country?.trim().toUpperCase().slice(0, 2) || vatCountry || 'FR';
  if (country === 'FR' || country === 'MC') throw new HttpError(422, M.buyerSirenRequired, 'siret');
  if (!EU_VAT_COUNTRIES.has(country)) return;
  if (!vat || !isValidVatNumber(vat) || vatCountry === 'FR') throw new HttpError(422, M.buyerVatNumberRequired, 'vatNumber');
}

/** EU member states other than France (their professionals have an intra-community VAT number, not a SIREN). */
const EU_VAT_COUNTRIES = new Set('AT BE BG CY CZ DE DK EE ES FI GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' '));

/** A checkout payment method as a sales payment method (payments received online, their refunds). */
const ONLINE_METHOD: Readonly<Record<string, string>> = CHECKOUT_TO_SALES_PAYMENT_METHOD;

/** How a notification names an order: « Commande C2026-00012 », « Devis D2026-00003 », « Échantillon C2026-00020 ». */
function documentName(o: OrderRow): string {
  if (o.subType === 'quote') return `Devis ${o.quoteNumber ?? o.number}`;
  return `${o.subType === 'sample' ? 'Échantillon' : 'Commande'} ${o.number}`;
}

/** What an action did to an order, as its notification says it (masculine; an order takes an « e »). */
const MOVED: Record<Exclude<OrderAction, 'send'>, string> = {
  validate: 'validé',
  invoice: 'facturé',
  cancel: 'annulé',
  refuse: 'refusé',
  expire: 'expiré',
  ship: 'expédié',
  deliver: 'livré',
};

/** What cancelling a paid checkout order gave back, or leaves the seller to give back by hand. */
function refundMessage({ refunded, manual }: { refunded: RefundLine[]; manual: RefundLine[] }): string | null {
  const sum = (l: RefundLine[]) => l.reduce((n, r) => n + r.amountCents, 0);
  const parts = [
    refunded.length ? M.refunded(formatCents(sum(refunded))) : null,
    manual.length ? M.refundByHand(formatCents(sum(manual))) : null,
  ].filter(Boolean);
  return parts.length ? parts.join(' ; ') : null;
}

/** The lines of a sales document (invoice, quote) from the order's lines. */
export function documentLinesOf(lines: Array<typeof orderLines.$inferSelect>): InvoiceLine[] {
  return lines
    .filter((l) => l.kind !== 'reservation' || l.totalHT !== 0)
    .map((l) => ({
      label: l.label,
      details: l.details,
      quantity: l.quantity,
      unitPriceHT: l.unitPriceHT,
      discountHT: l.discountHT + l.promoAmount,
      duties: l.duties,
      vatRate: l.vatRate,
      totalHT: l.totalHT,
      accountingType:
        l.accountingType ??
        (l.kind === 'shipping' ? 'shipping' : l.kind === 'touristTax' ? 'touristTax' : l.kind === 'reservation' ? 'prestation' : 'product'),
      formatId: l.formatId,
    }));
}

export function createSalesService({ db, orders: ordersService, onIssued, clock = () => new Date() }: SalesDeps) {
  /**
   * Orders another module manages (a primeur order follows its campaign): why they are not edited nor moved from the
   * order screen, or null. Set by that module (futures); checked by updateOrder and the detail's actions.
   */
  let managedElsewhere: ((dbx: DbOrTx, orderId: number) => Promise<string | null>) | null = null;

  // ------------------------------------------------------------------ billing settings

  async function billingOf(dbx: DbOrTx, shopId: number): Promise<BillingSettings | null> {
    const [row] = await dbx
      .select({ data: sql<BillingSettings | null>`${billingSettings.data} - 'documents'` })
      .from(billingSettings)
      .where(eq(billingSettings.shopId, shopId));
    return row?.data?.companyName ? row.data : null; // a row holding only the look of the documents: not set
  }

  /** The look of the shop's PDFs (empty when never set). */
  async function documentsOf(dbx: DbOrTx, shopId: number): Promise<DocumentsSettings> {
    const [row] = await dbx
      .select({ d: sql<DocumentsSettings | null>`${billingSettings.data} -> 'documents'` })
      .from(billingSettings)
      .where(eq(billingSettings.shopId, shopId));
    return { color: row?.d?.color ?? null, logo: row?.d?.logo ?? null, footer: row?.d?.footer ?? null };
  }

  /** What the PDF renderer takes from the look: the logo as bytes. */
  async function styleOf(dbx: DbOrTx, shopId: number): Promise<NonNullable<InvoiceDocument['style']>> {
    const d = await documentsOf(dbx, shopId);
    return { color: d.color, footer: d.footer, logo: d.logo ? Buffer.from(d.logo.slice(d.logo.indexOf(',') + 1), 'base64') : null };
  }

  async function putDocuments(shopId: number, body: DocumentsSettings) {
    if (body.logo && Buffer.byteLength(body.logo.slice(body.logo.indexOf(',') + 1), 'base64') > 1_000_000)
      throw new HttpError(400, M.logoSize, 'logo');
    // kept beside the billing settings of the shop (a row with only the look until the billing identity is entered)
    const updated = await db
      .update(billingSettings)
      .set({ data: sql`jsonb_set(${billingSettings.data}, '{documents}', ${JSON.stringify(body)}::jsonb)`, updatedAt: new Date() })
      .where(eq(billingSettings.shopId, shopId))
      .returning({ shopId: billingSettings.shopId });
    if (!updated.length)
      await db
        .insert(billingSettings)
        .values({ shopId, data: { documents: body } as unknown as BillingSettings })
        .onConflictDoUpdate({
          target: billingSettings.shopId,
          set: { data: sql`jsonb_set(${billingSettings.data}, '{documents}', ${JSON.stringify(body)}::jsonb)`, updatedAt: new Date() },
        });
    return { ...body, message: M.documentsSaved };
  }

  async function requireBilling(dbx: DbOrTx, shopId: number): Promise<BillingSettings> {
    const b = await billingOf(dbx, shopId);
    if (!b || !b.companyName || !b.siret || !b.address?.street) throw new HttpError(400, M.billingIncomplete, 'billing');
    return b;
  }

  /**
   * Each series keeps a prefix of its own. Invoices (with deposits), credit notes and quotes have their own counters,
   * so two series under one prefix would number two documents alike: the database refuses the second invoice or
   * credit note (the document cannot be issued), and a quote would read like an invoice. The same holds for a prefix
   * another series already carries in this year's numbers (numbers hold the year, so last year's do not meet).
   */
  async function checkPrefixes(shopId: number, body: BillingValues): Promise<void> {
    const of: Record<string, string> = { invoice: 'des factures', credit: 'des avoirs', quote: 'des devis' };
    const series = [
      { kind: 'invoice', field: 'invoicePrefix', prefix: body.invoicePrefix.toUpperCase() },
      { kind: 'credit', field: 'creditPrefix', prefix: body.creditPrefix.toUpperCase() },
      { kind: 'quote', field: 'quotePrefix', prefix: body.quotePrefix.toUpperCase() },
    ];
    series.forEach((s, i) => {
      const first = series.slice(0, i).find((o) => o.prefix === s.prefix);
      if (first) throw new HttpError(400, M.prefixTaken(of[first.kind]), s.field);
    });
    const year = parisDate(clock()).slice(0, 4);
    const used = (await db.execute(sql`select distinct kind, upper(m[1]) as prefix from (
        select series as kind, regexp_match(number, '^(.*)([0-9]{4})-[0-9]+$') as m from invoices where shop_id = ${shopId}
        union all
        select 'quote', regexp_match(quote_number, '^(.*)([0-9]{4})-[0-9]+$') from orders where shop_id = ${shopId} and quote_number is not null
      ) n where m[2] = ${year}`)) as unknown as { rows: Array<{ kind: string; prefix: string }> };
    for (const s of series) {
      const other = used.rows.find((u) => u.prefix === s.prefix && u.kind !== s.kind);
      if (other) throw new HttpError(400, M.prefixTaken(of[other.kind], year), s.field);
    }
  }

  async function putBilling(shopId: number, body: BillingValues) {
    await checkPrefixes(shopId, body);
    // one default account: the first one marked as such, else the first one
    const first = Math.max(
      0,
      body.banks.findIndex((b) => b.isDefault),
    );
    const banks = body.banks.map((b, i) => ({ ...b, isDefault: i === first }));
    const data = { ...body, banks } as BillingSettings;
    // the look of the documents is kept (its own section)
    await db
      .insert(billingSettings)
      .values({ shopId, data })
      .onConflictDoUpdate({
        target: billingSettings.shopId,
        set: {
          data: sql`${JSON.stringify(data)}::jsonb || jsonb_strip_nulls(jsonb_build_object('documents', ${billingSettings.data} -> 'documents'))`,
          updatedAt: new Date(),
        },
      });
    return { ...data, message: M.settingsSaved };
  }

  // ------------------------------------------------------------------ loading with the shop scope

  async function clientOf(dbx: DbOrTx, member: ShopMemberRow, id: number, field = 'clientId'): Promise<CrmClientRow> {
    const [c] = await dbx
      .select()
      .from(crmClients)
      .where(and(eq(crmClients.id, id), eq(crmClients.shopId, member.shopId)));
    if (!c || c.status === 'erased' || (member.kind === 'agent' && c.agentUserId !== member.userId))
      throw new HttpError(400, M.clientNotFound, field);
    return c;
  }

  async function orderOf(dbx: DbOrTx, member: ShopMemberRow, id: number, lock = false): Promise<OrderRow> {
    const q = dbx
      .select()
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.shopId, member.shopId)));
    const [o] = lock ? await q.for('update') : await q;
    if (!o || (member.kind === 'agent' && o.agentId !== member.userId)) throw notFound(M.orderNotFound);
    return o;
  }

  async function invoiceOf(dbx: DbOrTx, shopId: number, id: number, lock = false): Promise<InvoiceRow> {
    const q = dbx
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, id), eq(invoices.shopId, shopId)));
    const [row] = lock ? await q.for('update') : await q;
    if (!row) throw notFound(M.invoiceNotFound);
    return row;
  }

  async function warehouseOf(dbx: DbOrTx, shopId: number, id: number | null | undefined): Promise<number | null> {
    if (id) {
      const [w] = await dbx
        .select({ id: warehouses.id })
        .from(warehouses)
        .where(and(eq(warehouses.id, id), eq(warehouses.shopId, shopId), eq(warehouses.archived, false)));
      if (!w) throw new HttpError(400, M.warehouseNotFound, 'warehouseId');
      return w.id;
    }
    return null;
  }

  /** The warehouse an order ships from: its own, else the shop's first warehouse feeding the web shop, else the first. */
  async function shippingWarehouse(dbx: DbOrTx, o: OrderRow): Promise<number | null> {
    if (o.warehouseId) return o.warehouseId;
    const [w] = await dbx
      .select({ id: warehouses.id })
      .from(warehouses)
      .where(and(eq(warehouses.shopId, o.shopId), eq(warehouses.archived, false)))
      .orderBy(sql`${warehouses.feedsWebShop} desc`, asc(warehouses.id))
      .limit(1);
    return w?.id ?? null;
  }

  async function history(
    tx: DbOrTx,
    o: OrderRow,
    userId: number | null,
    action: string,
    from: string | null,
    to: string | null,
    note?: string | null,
  ) {
    await tx
      .insert(orderHistory)
      .values({ shopId: o.shopId, orderId: o.id, userId, action, fromStatus: from, toStatus: to, note: note ?? null, at: clock() });
  }

  // ------------------------------------------------------------------ back-office orders

  async function preview(member: ShopMemberRow, input: SalesOrderValues) {
    assertMay(member, 'create', { status: 'draft', subType: input.subType });
    const client = await clientOf(db, member, input.clientId);
    const [shop] = await db.select().from(shops).where(eq(shops.id, member.shopId));
    return previewOf(await priceSalesOrder(db, shop, client, input));
  }

  async function writeOrder(
    tx: DbOrTx,
    member: ShopMemberRow,
    userId: number,
    input: SalesOrderValues,
    existing: OrderRow | null,
  ): Promise<OrderRow> {
    const client = await clientOf(tx, member, input.clientId);
    const [shop] = await tx.select().from(shops).where(eq(shops.id, member.shopId));
    const warehouseId = await warehouseOf(tx, member.shopId, input.warehouseId);
    const priced = await priceSalesOrder(tx as Db, shop, client, input);
    if (priced.problems.length) throw new HttpError(400, priced.problems[0].message, priced.problems[0].field);
    if (input.validUntil && input.validUntil < parisDate()) throw new HttpError(400, M.validUntil, 'validUntil');
    const billing = await billingOf(tx, member.shopId);
    const party = clientParty(client);
    const checkoutAddress = (a: NonNullable<Party['address']>) => ({
      firstname: client.firstname ?? '',
      lastname: client.lastname ?? party.name,
      street: a.street,
      ...(a.street2 ? { street2: a.street2 } : {}),
      zipcode: a.zipcode,
      city: a.city,
      country: a.country,
      ...(client.company ? { company: client.company } : {}),
    });
    const address = party.address ? checkoutAddress(party.address) : null;
    // the address the order is delivered to (the one its shipping was priced for), kept for the invoice's mention
    const shipTo = clientDeliveryAddress(client, input.deliveryAddressIndex);
    const values = {
      buyerName: party.name,
      buyerEmail: client.email ?? '',
      phone: party.phone,
      totalHT: priced.totalHT,
      tva: priced.tva,
      totalTTC: priced.totalTTC,
      price: {
        totalHT: priced.totalHT,
        tva: priced.tva,
        totalTTC: priced.totalTTC,
        shipping: priced.shippingHT,
        promoAmount: priced.promoAmount + priced.discountHT,
        touristTax: 0,
        duties: priced.duties,
        nbrPackages: priced.nbrPackages,
        vatByRate: Object.fromEntries(priced.vatByRate.map((v) => [String(v.rate), { ht: v.baseHT, tva: v.vat }])),
      },
      deliveryAddress: shipTo ? checkoutAddress(shipTo) : address,
      billingAddress: address,
      shipping: {
        type: input.shipping?.type ?? null,
        ref: input.shipping?.ref ?? null,
        name: priced.lines.find((l) => l.kind === 'shipping')?.label ?? null,
        collectionPointId: input.shipping?.collectionPointId ?? null,
        collectionPoint: null,
        instructions: null,
        nbrPackages: priced.nbrPackages,
      },
      hasProducts: true,
      clientId: client.id,
      warehouseId,
      paymentDelay: input.paymentDelay ?? billing?.defaultPaymentDelay ?? '30',
      notes: input.notes ?? null,
      validUntil: input.subType === 'quote' ? (input.validUntil ?? parisDate(new Date(Date.now() + 30 * 86400_000))) : null,
      input: input as unknown as Record<string, unknown>,
      agentId: member.kind === 'agent' ? member.userId : (existing?.agentId ?? client.agentUserId ?? null),
      updatedAt: new Date(),
    };
    let o: OrderRow;
    if (existing) {
      [o] = await tx.update(orders).set(values).where(eq(orders.id, existing.id)).returning();
      await tx.delete(orderLines).where(eq(orderLines.orderId, existing.id));
      await history(tx, o, userId, 'edit', o.status, o.status);
    } else {
      const now = new Date();
      const year = Number(parisDate(now).slice(0, 4));
      const number = `C${year}-${String(await nextCounterValue(tx, member.shopId, 'C', year)).padStart(5, '0')}`;
      const quoteNumber =
        input.subType === 'quote'
          ? (await nextNumber(tx, member.shopId, 'quote', billing?.quotePrefix ?? 'D', parisDate(now))).number
          : null;
      [o] = await tx
        .insert(orders)
        .values({
          ...values,
          shopId: member.shopId,
          buyerId: client.userId ?? null,
          number,
          quoteNumber,
          status: 'draft',
          paymentStatus: 'pending',
          deliveryStatus: 'pending',
          paymentMethod: 'transfer',
          lang: 'fr',
          idempotencyKey: `bo-${member.shopId}-${number}`,
          requestHash: 'backoffice',
          subType: input.subType,
          source: 'backoffice',
          createdBy: userId,
        })
        .returning();
      await history(tx, o, userId, 'create', null, 'draft');
    }
    await tx.insert(orderLines).values(
      priced.lines.map((l, position) => ({
        orderId: o.id,
        shopId: o.shopId,
        position,
        kind: l.kind,
        productId: l.productId,
        formatId: l.formatId,
        vintageId: l.vintageId,
        label: l.label,
        details: l.details,
        quantity: l.quantity,
        addQuantity: l.addQuantity,
        unitPriceHT: l.unitPriceHT,
        promoAmount: l.promoAmount,
        discountHT: l.discountHT,
        duties: l.duties,
        vatRate: l.vatRate,
        totalHT: l.totalHT,
        totalTTC: l.totalHT + Math.round((l.totalHT * l.vatRate) / 100),
        accountingType: l.accountingType,
        reserved: 0,
      })),
    );
    return o;
  }

  async function createOrder(auth: UserAuthContext, member: ShopMemberRow, input: SalesOrderValues) {
    assertMay(member, 'create', { status: 'draft', subType: input.subType });
    const o = await db.transaction((tx) => writeOrder(tx, member, auth.user.id, input, null));
    return { ...(await ordersService.getOrder(auth, o.id)), message: input.subType === 'quote' ? M.quoteCreated : M.created };
  }

  async function updateOrder(auth: UserAuthContext, member: ShopMemberRow, id: number, input: SalesOrderValues) {
    await db.transaction(async (tx) => {
      const o = await orderOf(tx, member, id, true);
      // the kind of document is the stored one (the body's subType is not applied): its rights are checked
      assertMay(member, 'edit', await rightsState(tx, o));
      if (o.source !== 'backoffice' || (o.status !== 'draft' && o.status !== 'pending')) throw new HttpError(409, M.notEditable);
      const managed = await managedElsewhere?.(tx, o.id);
      if (managed) throw new HttpError(409, managed);
      const written = await writeOrder(tx, member, auth.user.id, { ...input, subType: o.subType }, o);
      await notifyModified(tx, written, auth);
    });
    return { ...(await ordersService.getOrder(auth, id)), message: M.updated };
  }

  /** An order edited in the back office: the shop's owner and the iam who see its orders are told (not its editor). */
  async function notifyModified(tx: DbOrTx, o: OrderRow, auth: UserAuthContext): Promise<void> {
    const what = documentName(o);
    const by = personName(auth.user);
    await notifyShopStaff(tx, {
      shopId: o.shopId,
      type: 'modifyOrder',
      content: `${what} (${o.buyerName}) modifié${o.subType === 'order' ? 'e' : ''}${by ? ` par ${by}` : ''} — ${formatCents(o.totalTTC)} TTC`,
      redirectLink: `/dashboard/orders/${o.id}`,
      anyOf: ORDER_READERS,
      except: auth.user.id,
    });
  }

  /**
   * An order moved on. The agent who took it and the buyer who placed it online hear of it in their notification centre
   * (the shop's staff see it in their lists); an order or a sample an agent sends is new work for the staff who
   * validate orders. A quote sent goes to its client by mail, not here. Nobody is told of their own act.
   */
  async function notifyMoved(tx: DbOrTx, o: OrderRow, action: OrderAction, userId: number): Promise<void> {
    const what = documentName(o);
    const redirectLink = `/dashboard/orders/${o.id}`;
    if (action === 'send') {
      if (o.subType === 'quote') return;
      await notifyShopStaff(tx, {
        shopId: o.shopId,
        type: 'newOrder',
        content: `${what} (${o.buyerName}) à valider — ${formatCents(o.totalTTC)} TTC`,
        redirectLink,
        anyOf: ORDER_READERS,
        except: userId,
      });
      return;
    }
    const done = MOVED[action] + (o.subType === 'order' ? 'e' : '');
    // a delivered parcel is followed by its number: the one notification the buyer gets of it says which
    const tracking =
      action === 'deliver' && o.trackingNumber ? ` (${[o.carrier, `suivi ${o.trackingNumber}`].filter(Boolean).join(', ')})` : '';
    await notifyUsers(tx, {
      userIds: [o.agentId, o.source === 'shop' ? o.buyerId : null],
      type: 'modifyOrder',
      content: `${what} (${o.buyerName}) ${done}${tracking}`,
      redirectLink,
      except: userId,
    });
  }

  // ------------------------------------------------------------------ lifecycle

  /**
   * An order as the rights table reads it. A checkout order holding money paid (online or marked paid) gives it back
   * when cancelled (ordersService.cancelCheckoutInTx refunds every paid payment of it).
   */
  async function rightsState(dbx: DbOrTx, o: OrderRow): Promise<SalesDocumentState> {
    let paidOnline = false;
    if (o.source === 'shop') {
      const res = (await dbx.execute(
        sql`select exists(select 1 from payments where order_id = ${o.id} and status = 'paid' and amount_cents > 0) as paid`,
      )) as unknown as { rows: Array<{ paid: boolean }> };
      paidOnline = res.rows[0]?.paid === true;
    }
    return { status: o.status, subType: o.subType, paidOnline };
  }

  /** Reserves the order's units in its warehouse (never more than what is on hand there minus other orders' holds). */
  async function reserveStock(tx: DbOrTx, o: OrderRow): Promise<void> {
    const warehouseId = await shippingWarehouse(tx, o);
    if (!warehouseId) return; // a shop without warehouses does not follow its stock
    const lines = await tx
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.orderId, o.id), eq(orderLines.kind, 'product')));
    const need = new Map<number, { units: number; label: string }>();
    for (const l of lines) {
      if (!l.formatId) continue;
      const prev = need.get(l.formatId);
      need.set(l.formatId, {
        units: (prev?.units ?? 0) + l.quantity + l.addQuantity,
        label: prev?.label ?? [l.label, l.details].filter(Boolean).join(' '),
      });
    }
    for (const [formatId, { units, label }] of need) {
      // the level row is locked: two validations of the same format in the same warehouse wait for each other
      const [level] = await tx
        .select({ onHand: stockLevels.onHand })
        .from(stockLevels)
        .where(and(eq(stockLevels.warehouseId, warehouseId), eq(stockLevels.formatId, formatId)))
        .for('update');
      const held =
        (await tx.execute(sql`select coalesce(sum(ol.reserved), 0)::int as n from order_lines ol join orders o on o.id = ol.order_id
        where ol.format_id = ${formatId} and ol.reserved > 0 and o.id <> ${o.id} and o.warehouse_id = ${warehouseId}
        and o.status not in ('aborted', 'expired', 'cancelled', 'refused')`)) as unknown as { rows: Array<{ n: number }> };
      const left = (level?.onHand ?? 0) - Number(held.rows[0]?.n ?? 0);
      if (left < units) throw new HttpError(409, M.stockInsufficient(label, Math.max(0, left)), 'warehouseId');
    }
    await tx
      .update(orderLines)
      .set({ reserved: sql`${orderLines.quantity} + ${orderLines.addQuantity}` })
      .where(and(eq(orderLines.orderId, o.id), eq(orderLines.kind, 'product'), sql`${orderLines.formatId} is not null`));
    await tx.update(orders).set({ warehouseId }).where(eq(orders.id, o.id));
    await recomputeWebStock(tx, o.shopId, [...need.keys()]);
  }

  async function releaseStock(tx: DbOrTx, o: OrderRow): Promise<void> {
    const held = await tx
      .select({ kind: orderLines.kind, formatId: orderLines.formatId, slotId: orderLines.slotId, reserved: orderLines.reserved })
      .from(orderLines)
      .where(and(eq(orderLines.orderId, o.id), sql`${orderLines.reserved} > 0`));
    if (!held.length) return;
    // the places a reservation line holds go back to its slot (a back-office reservation cancelled from the order)
    for (const h of held) if (h.kind === 'reservation' && h.slotId != null) await giveBackPlaces(tx, h.slotId, h.reserved);
    await tx.update(orderLines).set({ reserved: 0 }).where(eq(orderLines.orderId, o.id));
    await recomputeWebStock(
      tx,
      o.shopId,
      held.flatMap((h) => (h.kind === 'product' && h.formatId ? [h.formatId] : [])),
    );
  }

  /**
   * Takes out of the warehouse what the order ships (exit movements; the sale consumes the order's holds): the given
   * quantities of some product lines (a partial shipment), else everything not shipped yet. Returns whether every
   * product unit has now left.
   */
  async function shipStock(
    tx: DbOrTx,
    o: OrderRow,
    userId: number,
    partial?: Array<{ lineId: number; quantity: number }> | null,
  ): Promise<boolean> {
    // the catalogue's articles: a free text line (a tasting, a service) has nothing to ship
    const lines = await tx
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.orderId, o.id), eq(orderLines.kind, 'product'), sql`${orderLines.formatId} is not null`))
      .for('update');
    const left = (l: (typeof lines)[number]) => Math.max(0, l.quantity + l.addQuantity - l.shipped);
    let take: Array<{ line: (typeof lines)[number]; quantity: number }>;
    if (partial?.length) {
      take = partial.map((p, i) => {
        const line = lines.find((l) => l.id === p.lineId);
        if (!line) throw new HttpError(400, M.shipLine, `lines.${i}.lineId`);
        if (p.quantity > left(line)) throw new HttpError(400, M.shipTooMany(left(line)), `lines.${i}.quantity`);
        return { line, quantity: p.quantity };
      });
    } else take = lines.filter((l) => left(l) > 0).map((line) => ({ line, quantity: left(line) }));
    take = take.filter((t) => t.quantity > 0);
    if (partial?.length && !take.length) throw new HttpError(400, M.shipNothing, 'lines');
    const warehouseId = await shippingWarehouse(tx, o);
    const moves = take.map((t) => ({
      warehouseId: warehouseId!,
      formatId: t.line.formatId!,
      quantity: -t.quantity,
      kind: (o.subType === 'sample' ? 'sample' : 'sale') as 'sale' | 'sample',
      reason: `Commande ${o.number}`,
      documentType: 'order' as const,
      documentId: o.id,
    }));
    // a shop without warehouses does not follow its stock; the lines still count what has left
    if (warehouseId && moves.length) await applyMovements(tx, { shopId: o.shopId, userId }, moves);
    for (const t of take)
      await tx
        .update(orderLines)
        .set({ shipped: sql`${orderLines.shipped} + ${t.quantity}` })
        .where(eq(orderLines.id, t.line.id));
    // a sample exit does not go through the sale's hold release: clear what it held
    if (o.subType === 'sample') await tx.update(orderLines).set({ reserved: 0 }).where(eq(orderLines.orderId, o.id));
    return lines.every((l) => left(l) - (take.find((t) => t.line.id === l.id)?.quantity ?? 0) <= 0);
  }

  /** Issues the invoice of a validated order: its lines, minus the deposits already invoiced (each with its VAT). */
  async function issueInvoiceInTx(tx: DbOrTx, o: OrderRow, userId: number): Promise<InvoiceRow> {
    const billing = await requireBilling(tx, o.shopId);
    const lines = await tx
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, o.id))
      .orderBy(asc(orderLines.position), asc(orderLines.id));
    const [client] = o.clientId ? await tx.select().from(crmClients).where(eq(crmClients.id, o.clientId)) : [];
    const deposits = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, o.id), eq(invoices.kind, 'deposit')));
    const invLines = documentLinesOf(lines);
    const bank = billing.banks.find((b) => b.isDefault) ?? billing.banks[0] ?? null;
    const buyer = buyerOfOrder(o, client);
    assertBuyerIdentified(buyer);
    const row = await insertDocument(tx, {
      shopId: o.shopId,
      kind: 'invoice',
      prefix: billing.invoicePrefix,
      orderId: o.id,
      clientId: o.clientId,
      clientName: client ? clientName(client) : o.buyerName,
      saleDate: parisDate(o.validatedAt ?? o.createdAt),
      paymentDelay: o.paymentDelay ?? (o.source === 'shop' ? 'order' : billing.defaultPaymentDelay),
      seller: sellerParty(billing),
      buyer,
      lines: invLines,
      depositsDeducted: deposits.map((d) => ({
        id: d.id,
        number: d.number,
        totalHT: d.totalHT,
        totalVAT: d.totalVAT,
        totalTTC: d.totalTTC,
      })),
      bank: bank ? { label: bank.label, iban: bank.iban, bic: bank.bic } : null,
      latePenalty: billing.latePenalty,
      legalExtra: billing.legalMentions ?? null,
      createdBy: userId,
      now: clock(),
    });
    if (o.source === 'shop') await recordOnlinePayments(tx, o, row);
    return row;
  }

  /** What the buyer paid at checkout (card, SEPA…) is recorded once as payments of the invoice (source 'online'). */
  async function recordOnlinePayments(tx: DbOrTx, o: OrderRow, invoice: InvoiceRow): Promise<void> {
    const paid = (await tx.execute(sql`select id, method, amount_cents as amount, paid_at from payments
      where order_id = ${o.id} and status = 'paid' and amount_cents > 0 order by id`)) as unknown as {
      rows: Array<{ id: number; method: string; amount: number; paid_at: Date | string | null }>;
    };
    let left = invoice.amountDue;
    for (const p of paid.rows) {
      const [sp] = await tx
        .insert(salesPayments)
        .values({
          shopId: o.shopId,
          clientId: o.clientId,
          clientName: invoice.clientName,
          direction: 'in',
          method: ONLINE_METHOD[p.method] ?? 'other',
          amount: Number(p.amount),
          paidAt: parisDate(p.paid_at ? new Date(p.paid_at) : clock()),
          reference: `Paiement en ligne · commande ${o.number}`,
          source: 'online',
          onlinePaymentId: p.id,
        })
        .onConflictDoNothing()
        .returning();
      const part = sp ? Math.min(left, sp.amount) : 0;
      if (part <= 0) continue;
      left -= part;
      await tx.insert(paymentAllocations).values({ shopId: o.shopId, paymentId: sp.id, invoiceId: invoice.id, amount: part });
      await tx
        .update(invoices)
        .set({ paid: sql`${invoices.paid} + ${part}` })
        .where(eq(invoices.id, invoice.id));
    }
    await settleDocument(tx, invoice.id);
  }

  /**
   * A credit note of `invoice`: the given line quantities (or everything not credited yet). It first settles what the
   * invoice still owes; the rest is kept as the client's credit, or refunded (a payment out).
   */
  async function creditNoteInTx(tx: DbOrTx, invoice: InvoiceRow, userId: number | null, input: CreditNoteValues): Promise<InvoiceRow> {
    if (invoice.kind === 'credit') throw new HttpError(400, M.creditOfCredit, 'invoiceId');
    const billing = await requireBilling(tx, invoice.shopId);
    const previous = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.relatedInvoiceId, invoice.id), eq(invoices.kind, 'credit')));
    const done = creditedQuantities(previous);
    const wanted = input.lines?.length
      ? input.lines
      : invoice.lines.map((l, index) => ({ index, quantity: l.quantity - (done.get(index) ?? 0) })).filter((l) => l.quantity > 0);
    if (!wanted.length) throw new HttpError(400, M.creditNothing, 'lines');
    const lines: Array<InvoiceLine & { sourceIndex: number }> = [];
    wanted.forEach((w, i) => {
      const src = invoice.lines[w.index];
      if (!src) throw new HttpError(400, M.creditNothing, `lines.${i}.index`);
      const left = src.quantity - (done.get(w.index) ?? 0);
      if (w.quantity > left) throw new HttpError(400, M.creditQuantity(left), `lines.${i}.quantity`);
      const already = previous.flatMap((p) =>
        (p.lines as Array<InvoiceLine & { sourceIndex?: number }>).filter((l) => l.sourceIndex === w.index),
      );
      // the last units credited take what is left of the line, so that a line credited in parts adds up to the cent
      const share =
        w.quantity === left && already.length
          ? {
              ...src,
              quantity: w.quantity,
              totalHT: src.totalHT - already.reduce((n, l) => n + l.totalHT, 0),
              duties: src.duties - already.reduce((n, l) => n + l.duties, 0),
              discountHT: src.discountHT - already.reduce((n, l) => n + l.discountHT, 0),
            }
          : lineShare(src, w.quantity);
      lines.push({ ...share, sourceIndex: w.index });
    });
    const creditedTTC = previous.reduce((n, p) => n + p.totalTTC, 0);
    const vat = vatBreakdown(lines);
    const ttc = lines.reduce((n, l) => n + l.totalHT, 0) + vat.reduce((n, v) => n + v.vat, 0);
    if (creditedTTC + ttc > invoice.totalTTC)
      throw new HttpError(400, M.creditTooLarge(formatCents(invoice.totalTTC - creditedTTC)), 'lines');
    const owed = Math.max(0, invoice.amountDue - invoice.paid - invoice.credited);
    const applied = Math.min(owed, ttc);
    const rest = ttc - applied;
    const refund = input.settlement === 'refund' && rest > 0;
    const credit = await insertDocument(tx, {
      shopId: invoice.shopId,
      kind: 'credit',
      prefix: billing.creditPrefix,
      orderId: invoice.orderId,
      clientId: invoice.clientId,
      clientName: invoice.clientName,
      relatedInvoiceId: invoice.id,
      saleDate: invoice.saleDate,
      seller: sellerParty(billing),
      buyer: invoice.buyer,
      lines,
      reason: input.reason ?? null,
      bank: null,
      latePenalty: billing.latePenalty,
      // the invoice it corrects and that invoice's date are printed from the document's reference (BT-25 / BT-26)
      legalExtra: null,
      createdBy: userId,
      creditRemaining: refund ? 0 : rest,
      creditStatus: refund || rest === 0 ? 'empty' : 'full',
      now: clock(),
    });
    if (applied > 0) {
      await tx
        .update(invoices)
        .set({ credited: sql`${invoices.credited} + ${applied}` })
        .where(eq(invoices.id, invoice.id));
      await tx
        .insert(paymentAllocations)
        .values({ shopId: invoice.shopId, creditNoteId: credit.id, invoiceId: invoice.id, amount: applied });
      await settleDocument(tx, invoice.id);
    }
    if (refund) {
      await tx.insert(salesPayments).values({
        shopId: invoice.shopId,
        clientId: invoice.clientId,
        clientName: invoice.clientName,
        direction: 'out',
        method: input.refundMethod ?? 'transfer',
        amount: rest,
        paidAt: parisDate(clock()),
        reference: credit.number,
        creditNoteId: credit.id,
        createdBy: userId,
      });
    }
    if (invoice.orderId) await syncOrderPayment(tx, invoice.orderId);
    return credit;
  }

  /**
   * Once invoiced, an order's payment status follows its invoices (§4: paid, partial, pending), whoever took the
   * order: a checkout order paid by cheque or transfer is settled by the payments the shop records against its
   * invoice (a card paid online is recorded on the invoice when it is issued, so it stays paid).
   */
  async function syncOrderPayment(tx: DbOrTx, orderId: number): Promise<void> {
    await tx.execute(sql`update orders o set payment_status = s.status from (
        select case when count(*) = 0 then null
          when bool_and(i.payment_status = 'paid') then 'paid'
          when bool_or(i.payment_status in ('paid', 'partial')) then 'partial' else 'pending' end as status
        from invoices i where i.order_id = ${orderId} and i.kind in ('invoice', 'deposit')) s
      where o.id = ${orderId} and s.status is not null`);
    // a paid order earns its loyalty points, a credit note takes back its share (idempotent)
    await syncOrdersLoyalty(tx, [orderId]);
  }

  function docRef(d: InvoiceRow) {
    return { id: d.id, number: d.number, kind: d.kind, totalTTC: d.totalTTC, issuedAt: d.issuedAt.toISOString() };
  }

  /**
   * When an order was delivered: now, or the date given (a carrier's), which can be neither in the future nor before
   * the goods left. A few minutes ahead are taken as now: the caller's clock may run a little ahead of ours.
   */
  function deliveryDate(o: OrderRow, given: string | null | undefined): Date {
    const now = clock();
    if (!given) return now;
    const at = new Date(given);
    if (Number.isNaN(at.getTime())) throw new HttpError(400, M.deliveredAt, 'deliveredAt');
    if (at.getTime() > now.getTime() + 5 * 60_000) throw new HttpError(400, M.deliveredAtFuture, 'deliveredAt');
    if (o.shippedAt && at < o.shippedAt) throw new HttpError(400, M.deliveredAtBeforeShipped, 'deliveredAt');
    return at > now ? now : at;
  }

  /**
   * A shipped order's parcel now travels under another number (its carrier's label was voided and booked again): the
   * order keeps its delivery status and its stock exits, takes the new carrier and tracking number, and the buyer gets
   * the tracking mail again with them (the one sent before names a parcel that no longer exists).
   */
  async function changeTracking(
    auth: UserAuthContext,
    member: ShopMemberRow,
    id: number,
    input: { carrier: string; trackingNumber: string },
  ): Promise<void> {
    const userId = auth.user.id;
    const peek = await orderOf(db, member, id);
    assertMay(member, 'ship', await rightsState(db, peek));
    let mailed = false;
    await db.transaction(async (tx) => {
      const o = await orderOf(tx, member, id, true);
      const left = o.deliveryStatus === 'transit' || o.deliveryStatus === 'partiallyDelivered';
      if (!left || (o.status !== 'validated' && o.status !== 'invoiced')) throw new HttpError(409, M.trackingNotShipped);
      const [updated] = await tx
        .update(orders)
        .set({ carrier: input.carrier, trackingNumber: input.trackingNumber, updatedAt: new Date() })
        .where(eq(orders.id, o.id))
        .returning();
      if (updated.buyerEmail) {
        const billing = await billingOf(tx, o.shopId);
        const [shop] = await tx.select({ name: shops.name }).from(shops).where(eq(shops.id, o.shopId));
        await enqueueMail(tx as Db, trackingMail(updated, billing?.companyName ?? shop.name, billing?.email ?? null), {
          dedupeKey: `order-shipped:${o.id}:${input.trackingNumber}`,
        });
        mailed = true;
      }
      await history(tx, o, userId, 'ship', o.deliveryStatus, o.deliveryStatus, `${input.carrier} · ${input.trackingNumber}`);
    });
    if (mailed) nudgeJobs();
  }

  async function act(
    auth: UserAuthContext,
    member: ShopMemberRow,
    id: number,
    action: OrderAction,
    input: ActionValues,
  ): Promise<OrderActionResult> {
    const userId = auth.user.id;
    const peek = await orderOf(db, member, id);
    assertMay(member, action, await rightsState(db, peek));
    // a checkout order waiting for the shop: the orders module validates it (card imprints captured)
    if (action === 'validate' && peek.source === 'shop' && peek.status === 'pending') {
      const r = await ordersService.validateOrder(auth, id);
      await db.transaction(async (tx) => {
        await tx
          .insert(orderHistory)
          .values({ shopId: peek.shopId, orderId: id, userId, action, fromStatus: 'pending', toStatus: 'validated' });
        await notifyMoved(tx, peek, action, userId);
      });
      return { success: true, message: r.message, document: null };
    }
    const issued: number[] = [];
    let mailed = false;
    let refunds: { refunded: RefundLine[]; manual: RefundLine[] } | null = null;
    // the order's kind on the locked row: an order sent is not a quote sent
    let subType = peek.subType;
    const result = await db.transaction(async (tx) => {
      const o = await orderOf(tx, member, id, true);
      subType = o.subType;
      // again on the locked row: the order may have moved since (validated → invoiced: cancelling now issues a credit note)
      assertMay(member, action, await rightsState(tx, o));
      const next = nextOrderState({ status: o.status, deliveryStatus: o.deliveryStatus }, action);
      if (!next)
        throw new HttpError(
          409,
          orderTransitionMessage(action, o, (s) => ORDER_STATUS[s].label.toLowerCase()),
        );
      let document: InvoiceRow | null = null;
      const set: Partial<typeof orders.$inferInsert> = { status: next.status, deliveryStatus: next.deliveryStatus, updatedAt: new Date() };
      switch (action) {
        case 'validate':
          await reserveStock(tx, o);
          set.validatedAt = clock();
          if (o.subType === 'quote') set.subType = 'order';
          break;
        case 'invoice':
          if (o.subType === 'sample') throw new HttpError(409, 'Un échantillon ne se facture pas');
          document = await issueInvoiceInTx(tx, o, userId);
          break;
        case 'cancel': {
          if (o.status === 'invoiced') {
            const issuedInvoices = await tx
              .select()
              .from(invoices)
              .where(and(eq(invoices.orderId, o.id), inArray(invoices.kind, ['invoice', 'deposit'])))
              .for('update');
            for (const inv of issuedInvoices) {
              const credits = await tx.select({ ttc: invoices.totalTTC }).from(invoices).where(eq(invoices.relatedInvoiceId, inv.id));
              if (credits.reduce((n, c) => n + c.ttc, 0) >= inv.totalTTC) continue;
              // a deposit deducted by the final invoice is credited through that invoice
              if (inv.kind === 'deposit' && issuedInvoices.some((x) => x.kind === 'invoice')) continue;
              // a checkout order paid online is refunded (the credit note records the payment out)
              document = await creditNoteInTx(tx, inv, userId, {
                settlement: o.source === 'shop' ? 'refund' : 'credit',
                refundMethod: o.source === 'shop' ? (ONLINE_METHOD[o.paymentMethod ?? ''] ?? 'transfer') : null,
                reason: input.reason ?? 'Annulation de la commande',
              });
              issued.push(document.id);
            }
          }
          // a checkout order gives back its web stock and places and its online payments (refunded by the provider)
          // (what has left the warehouse was released by its sale movement: only the rest is still held)
          if (o.source === 'shop') refunds = await ordersService.cancelCheckoutInTx(tx, o.id);
          else await releaseStock(tx, o);
          set.closedAt = new Date();
          break;
        }
        case 'refuse':
        case 'expire':
          await releaseStock(tx, o);
          set.closedAt = new Date();
          break;
        case 'ship': {
          // part of the goods: partially delivered until the rest leaves (a next 'ship', or 'deliver')
          const all = await shipStock(tx, o, userId, input.lines);
          if (!all) {
            next.deliveryStatus = 'partiallyDelivered';
            set.deliveryStatus = 'partiallyDelivered';
          }
          set.shippedAt = o.shippedAt ?? clock();
          if (input.carrier) set.carrier = input.carrier;
          if (input.trackingNumber) set.trackingNumber = input.trackingNumber;
          break;
        }
        case 'deliver': {
          const at = deliveryDate(o, input.deliveredAt);
          await shipStock(tx, o, userId);
          set.shippedAt = o.shippedAt ?? at;
          set.deliveredAt = at;
          break;
        }
        case 'send':
          break;
      }
      const [updated] = await tx.update(orders).set(set).where(eq(orders.id, o.id)).returning();
      // a cancelled order's points are taken back, points spent on an unpaid one come back (idempotent)
      await syncOrdersLoyalty(tx, [o.id]);
      if (action === 'ship' && updated.buyerEmail) {
        const billing = await billingOf(tx, o.shopId);
        const [shop] = await tx.select({ name: shops.name }).from(shops).where(eq(shops.id, o.shopId));
        await enqueueMail(tx as Db, trackingMail(updated, billing?.companyName ?? shop.name, billing?.email ?? null), {
          dedupeKey: `order-shipped:${o.id}`,
        });
        mailed = true;
      }
      const delivery = action === 'ship' || action === 'deliver';
      await history(
        tx,
        o,
        userId,
        action,
        delivery ? o.deliveryStatus : o.status,
        delivery ? next.deliveryStatus : next.status,
        [input.reason, input.carrier, input.trackingNumber].filter(Boolean).join(' · ') || (document ? document.number : null),
      );
      if (document && action === 'invoice') issued.push(document.id);
      await notifyMoved(tx, updated, action, userId);
      return document;
    });
    if (issued.length) onIssued?.(member.shopId, issued);
    if (mailed) nudgeJobs();
    const refundNote = refunds ? refundMessage(refunds) : null;
    return {
      success: true,
      message: [
        action === 'invoice' && result
          ? M.invoiced(result.number)
          : action === 'cancel' && result
            ? `${M.actionDone.cancel} : ${M.creditIssued(result.number)}`
            : action === 'send' && subType !== 'quote'
              ? M.orderSent
              : M.actionDone[action],
        refundNote,
      ]
        .filter(Boolean)
        .join(' — '),
      document: result ? docRef(result) : null,
    };
  }

  async function bulk(
    auth: UserAuthContext,
    member: ShopMemberRow,
    body: { action: 'validate' | 'invoice'; ids: number[] },
  ): Promise<BulkOrderActionResult> {
    // a caller who may not do this action on any order is refused at once; each order is then checked in its state
    assertMay(member, body.action);
    const done: number[] = [];
    const failed: BulkOrderActionResult['failed'] = [];
    for (const id of body.ids) {
      try {
        await act(auth, member, id, body.action, { reason: null, carrier: null, trackingNumber: null });
        done.push(id);
      } catch (err) {
        if (!(err instanceof HttpError)) throw err;
        const [o] = await db
          .select({ number: orders.number })
          .from(orders)
          .where(and(eq(orders.id, id), eq(orders.shopId, member.shopId)));
        failed.push({ id, number: o?.number ?? String(id), message: err.message });
      }
    }
    const verb = body.action === 'validate' ? 'validée' : 'facturée';
    return {
      done,
      failed,
      message: `${done.length} commande${done.length > 1 ? 's' : ''} ${verb}${done.length > 1 ? 's' : ''}${failed.length ? `, ${failed.length} en échec` : ''}`,
    };
  }

  async function deposit(auth: UserAuthContext, member: ShopMemberRow, orderId: number, input: DepositValues) {
    const row = await db.transaction(async (tx) => {
      const o = await orderOf(tx, member, orderId, true);
      assertMay(member, 'deposit', await rightsState(tx, o));
      if (!['draft', 'pending', 'validated'].includes(o.status))
        throw new HttpError(
          409,
          orderTransitionMessage('invoice', o, (s) => ORDER_STATUS[s].label.toLowerCase()),
        );
      const billing = await requireBilling(tx, o.shopId);
      const previous = await tx
        .select({ ttc: invoices.totalTTC })
        .from(invoices)
        .where(and(eq(invoices.orderId, o.id), eq(invoices.kind, 'deposit')));
      const left = o.totalTTC - previous.reduce((n, p) => n + p.ttc, 0);
      const wantedTTC = input.amount ?? Math.round((o.totalTTC * (input.percent ?? 0)) / 100);
      if (wantedTTC <= 0) throw new HttpError(400, M.depositAmount, 'percent');
      if (wantedTTC > left) throw new HttpError(400, M.depositTooLarge, input.amount ? 'amount' : 'percent');
      // the deposit is split over the order's VAT rates in proportion to their TTC; each part's HT is its TTC / (1 + rate)
      const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, o.id));
      const rates = vatBreakdown(lines.map((l) => ({ vatRate: l.vatRate, totalHT: l.totalHT })));
      const ttcOfRate = rates.map((r) => r.baseHT + r.vat);
      const parts = splitCentsBy(wantedTTC, ttcOfRate);
      const pct = input.percent ? `${String(input.percent).replace('.', ',')} % ` : '';
      const [client] = o.clientId ? await tx.select().from(crmClients).where(eq(crmClients.id, o.clientId)) : [];
      const bank = billing.banks.find((b) => b.isDefault) ?? billing.banks[0] ?? null;
      const buyer = buyerOfOrder(o, client);
      assertBuyerIdentified(buyer); // a deposit invoice is an invoice
      return insertDocument(tx, {
        shopId: o.shopId,
        kind: 'deposit',
        prefix: billing.invoicePrefix,
        orderId: o.id,
        clientId: o.clientId,
        clientName: client ? clientName(client) : o.buyerName,
        paymentDelay: 'order',
        seller: sellerParty(billing),
        buyer,
        lines: rates
          .map((r, i) => ({
            label: `Acompte ${pct}sur la commande ${o.number}`,
            details: rates.length > 1 ? `Part à ${String(r.rate).replace('.', ',')} % de TVA` : null,
            quantity: 1,
            unitPriceHT: Math.round((parts[i] * 100) / (100 + r.rate)),
            discountHT: 0,
            duties: 0,
            vatRate: r.rate,
            totalHT: Math.round((parts[i] * 100) / (100 + r.rate)),
            accountingType: 'product',
            formatId: null,
          }))
          .filter((l) => l.totalHT > 0),
        bank: bank ? { label: bank.label, iban: bank.iban, bic: bank.bic } : null,
        latePenalty: billing.latePenalty,
        legalExtra: billing.legalMentions ?? null,
        createdBy: auth.user.id,
        now: clock(),
      });
    });
    await db.insert(orderHistory).values({ shopId: row.shopId, orderId, userId: auth.user.id, action: 'deposit', note: row.number });
    onIssued?.(row.shopId, [row.id]);
    return { ...(await invoiceDetail(row)), message: M.depositIssued(row.number) };
  }

  async function creditNote(auth: UserAuthContext, member: ShopMemberRow, invoiceId: number, input: CreditNoteValues) {
    assertMay(member, 'creditNote');
    const row = await db.transaction(async (tx) =>
      creditNoteInTx(tx, await invoiceOf(tx, member.shopId, invoiceId, true), auth.user.id, input),
    );
    onIssued?.(row.shopId, [row.id]);
    return { ...(await invoiceDetail(row)), message: M.creditIssued(row.number) };
  }

  // ------------------------------------------------------------------ invoices: reading

  function summaryOf(r: InvoiceRow, orderNumber: string | null, related: { id: number; number: string } | null): InvoiceSummary {
    const remaining = r.kind === 'credit' ? 0 : Math.max(0, r.amountDue - r.paid - r.credited);
    const today = parisDate();
    const overdueDays =
      remaining > 0 && r.dueDate && r.dueDate < today ? Math.round((Date.parse(today) - Date.parse(r.dueDate)) / 86400_000) : 0;
    return {
      id: r.id,
      kind: r.kind,
      number: r.number,
      issuedAt: r.issuedAt.toISOString(),
      dueDate: r.dueDate,
      orderId: r.orderId,
      orderNumber,
      client: { id: r.clientId, name: r.clientName },
      totalHT: r.totalHT,
      totalVAT: r.totalVAT,
      totalTTC: r.totalTTC,
      amountDue: r.amountDue,
      paid: r.paid,
      credited: r.credited,
      remaining,
      paymentStatus: r.paymentStatus,
      creditStatus: r.creditStatus,
      relatedInvoice: related,
      overdueDays,
      lastReminderAt: iso(r.lastReminderAt),
      reminderLevel: r.reminderLevel,
    };
  }

  async function invoiceDetail(r: InvoiceRow): Promise<InvoiceDetail> {
    const [[order], related, credits, allocs] = await Promise.all([
      r.orderId ? db.select({ number: orders.number }).from(orders).where(eq(orders.id, r.orderId)) : Promise.resolve([]),
      r.relatedInvoiceId
        ? db.select({ id: invoices.id, number: invoices.number }).from(invoices).where(eq(invoices.id, r.relatedInvoiceId))
        : Promise.resolve([]),
      db.select().from(invoices).where(eq(invoices.relatedInvoiceId, r.id)).orderBy(asc(invoices.id)),
      db
        .select({ a: paymentAllocations, p: salesPayments, c: invoices.number })
        .from(paymentAllocations)
        .leftJoin(salesPayments, eq(salesPayments.id, paymentAllocations.paymentId))
        .leftJoin(invoices, eq(invoices.id, paymentAllocations.creditNoteId))
        .where(eq(paymentAllocations.invoiceId, r.id))
        .orderBy(asc(paymentAllocations.id)),
    ]);
    return {
      ...summaryOf(r, order?.number ?? null, related[0] ?? null),
      saleDate: r.saleDate,
      seller: r.seller,
      buyer: r.buyer,
      lines: r.lines.map(({ ...l }) => {
        delete (l as { sourceIndex?: number }).sourceIndex;
        return l;
      }),
      vat: r.vat,
      duties: r.duties,
      depositsDeducted: r.depositsDeducted,
      paymentTerms: r.paymentTerms,
      legalMentions: r.legalMentions,
      payments: allocs.map(({ a, p, c }) => ({
        paymentId: p?.id ?? 0,
        paidAt: p?.paidAt ?? parisDate(a.createdAt),
        method: p?.method ?? 'creditNote',
        amount: a.amount,
        reference: p?.reference ?? c ?? null,
      })),
      creditNotes: credits.map(docRef),
      reason: r.reason,
    };
  }

  /** Kept per shop, query and Paris day (overdue days move at midnight) until the shop's documents or orders change. */
  async function listInvoices(shopId: number, q: InvoicesListQuery): Promise<Paginated<InvoiceSummary>> {
    const cache = answerCacheFor(db, 'sales-invoices', INVOICE_LIST_TABLES);
    if (!cache) return computeInvoices(shopId, q);
    return cache.get(`${shopId}|${parisDate(clock())}|${JSON.stringify(q)}`, async () => {
      const value = await computeInvoices(shopId, q);
      return { value, shops: [shopId], bytes: JSON.stringify(value).length * 2 };
    });
  }

  async function computeInvoices(shopId: number, q: InvoicesListQuery): Promise<Paginated<InvoiceSummary>> {
    const f = q.filters;
    const conds = [sql`i.shop_id = ${shopId}`];
    if (f.kind) conds.push(sql`i.kind = ${f.kind}`);
    if (f.paymentStatus) conds.push(sql`i.payment_status = ${f.paymentStatus} and i.kind <> 'credit'`);
    if (f.clientId) conds.push(sql`i.client_id = ${f.clientId}`);
    if (f.open) conds.push(sql`i.kind <> 'credit' and i.amount_due - i.paid - i.credited > 0`);
    if (f.overdue) conds.push(sql`i.kind <> 'credit' and i.amount_due - i.paid - i.credited > 0 and i.due_date < ${parisDate()}`);
    if (f.from) conds.push(sql`i.issue_date >= ${f.from}`);
    if (f.to) conds.push(sql`i.issue_date <= ${f.to}`);
    if (q.q) {
      const like = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      conds.push(sql`(i.number ilike ${like} or i.client_name ilike ${like})`);
    }
    const where = sql.join(conds, sql` and `);
    const col = {
      issuedAt: sql`i.issued_at`,
      number: sql`i.number`,
      totalTTC: sql`i.total_ttc`,
      dueDate: sql`i.due_date`,
      remaining: sql`(i.amount_due - i.paid - i.credited)`,
    }[q.sort.column];
    // the number, date and total are never null: a plain direction lets the (shop, issued_at) index serve the page
    const nullable = q.sort.column === 'dueDate';
    const dir = q.sort.direction === 'desc' ? (nullable ? sql`desc nulls last` : sql`desc`) : nullable ? sql`asc nulls last` : sql`asc`;
    const [countRes, rowsRes] = await Promise.all([
      db.execute(sql`select count(*)::int as n from invoices i where ${where}`),
      db.execute(sql`select i.id from invoices i where ${where} order by ${col} ${dir}, i.id desc limit ${q.pageSize} offset ${q.offset}`),
    ]);
    const ids = (rowsRes as unknown as { rows: Array<{ id: number }> }).rows.map((r) => r.id);
    const rows = ids.length ? await db.select().from(invoices).where(inArray(invoices.id, ids)) : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    const orderIds = [...new Set(rows.map((r) => r.orderId).filter((v): v is number => v != null))];
    const relIds = [...new Set(rows.map((r) => r.relatedInvoiceId).filter((v): v is number => v != null))];
    const [ords, rels] = await Promise.all([
      orderIds.length
        ? db.select({ id: orders.id, number: orders.number }).from(orders).where(inArray(orders.id, orderIds))
        : Promise.resolve([]),
      relIds.length
        ? db.select({ id: invoices.id, number: invoices.number }).from(invoices).where(inArray(invoices.id, relIds))
        : Promise.resolve([]),
    ]);
    const on = new Map(ords.map((o) => [o.id, o.number]));
    const rn = new Map(rels.map((o) => [o.id, o]));
    const items = ids.map((id) => {
      const r = byId.get(id)!;
      return summaryOf(r, r.orderId ? (on.get(r.orderId) ?? null) : null, r.relatedInvoiceId ? (rn.get(r.relatedInvoiceId) ?? null) : null);
    });
    return paginated(items, Number((countRes as unknown as { rows: Array<{ n: number }> }).rows[0].n), q);
  }

  // ------------------------------------------------------------------ payments

  async function lettering(tx: DbOrTx, shopId: number): Promise<string> {
    let n = (await nextCounterValue(tx, shopId, 'lettering', 0)) - 1;
    let code = '';
    do {
      code = String.fromCharCode(65 + (n % 26)) + code;
      n = Math.floor(n / 26) - 1;
    } while (n >= 0);
    return code.length < 2 ? `A${code}` : code;
  }

  async function recordPayment(auth: UserAuthContext, member: ShopMemberRow, body: PaymentValues): Promise<SalesPayment> {
    assertMay(member, 'recordPayment');
    // a credit is used (useCredit), not paid again: recording it would count the same money twice
    if (body.method === 'creditNote') throw new HttpError(400, M.creditMethod, 'method');
    if (body.paidAt > parisDate(clock())) throw new HttpError(400, M.paymentDate, 'paidAt');
    const id = await db.transaction(async (tx) => {
      const settled: Array<{ number: string; orderId: number | null }> = [];
      const client = await clientOf(tx, member, body.clientId);
      const billing = await billingOf(tx, member.shopId);
      const allocated = body.allocations.reduce((n, a) => n + a.amount, 0);
      if (body.direction === 'out' && body.allocations.length) throw new HttpError(400, M.paymentAllocations, 'allocations');
      if (allocated > body.amount) throw new HttpError(400, M.paymentAllocations, 'allocations');
      if (body.direction === 'in' && allocated < body.amount && billing?.allowOverpayment === false)
        throw new HttpError(400, M.noCredit, 'amount');
      const [p] = await tx
        .insert(salesPayments)
        .values({
          shopId: member.shopId,
          clientId: client.id,
          clientName: clientName(client),
          direction: body.direction,
          method: body.method,
          amount: body.amount,
          paidAt: body.paidAt,
          reference: body.reference ?? null,
          note: body.note ?? null,
          createdBy: auth.user.id,
        })
        .returning();
      for (const [i, a] of body.allocations.entries()) {
        const inv = await invoiceOf(tx, member.shopId, a.invoiceId, true).catch(() => {
          throw new HttpError(400, M.invoiceNotFound, `allocations.${i}.invoiceId`);
        });
        if (inv.clientId !== client.id || inv.kind === 'credit') throw new HttpError(400, M.invoiceNotFound, `allocations.${i}.invoiceId`);
        const remaining = inv.amountDue - inv.paid - inv.credited;
        if (a.amount > remaining)
          throw new HttpError(400, M.paymentTooLarge(formatCents(Math.max(0, remaining))), `allocations.${i}.amount`);
        const full = a.amount === remaining;
        await tx
          .update(invoices)
          .set({ paid: sql`${invoices.paid} + ${a.amount}` })
          .where(eq(invoices.id, inv.id));
        await tx.insert(paymentAllocations).values({ shopId: member.shopId, paymentId: p.id, invoiceId: inv.id, amount: a.amount });
        // lettering: an invoice settled in full shares one code with every payment that settled it
        if (full) {
          const code = await lettering(tx, member.shopId);
          await tx.update(paymentAllocations).set({ lettering: code }).where(eq(paymentAllocations.invoiceId, inv.id));
        }
        await settleDocument(tx, inv.id);
        if (inv.orderId) await syncOrderPayment(tx, inv.orderId);
        settled.push({ number: inv.number, orderId: inv.orderId });
      }
      if (body.direction === 'in') await notifyPaymentReceived(tx, p, settled, auth.user.id);
      return p.id;
    });
    const page = await listPayments(member.shopId, {
      filters: { id },
      page: 1,
      pageSize: 1,
      offset: 0,
      sort: { column: 'paidAt', direction: 'desc' },
    } as unknown as PaymentsListQuery);
    return { ...page.items[0], message: M.paymentRecorded } as SalesPayment;
  }

  /**
   * Money received from a client, recorded in the back office: the shop's owner and the iam who see its payments are
   * told (not the person who recorded it), led to the order when it settles one order's invoices, else to the payments.
   */
  async function notifyPaymentReceived(
    tx: DbOrTx,
    p: typeof salesPayments.$inferSelect,
    settled: Array<{ number: string; orderId: number | null }>,
    by: number,
  ): Promise<void> {
    const method = (SALES_PAYMENT_METHOD_LABELS as Record<string, string | undefined>)[p.method] ?? p.method;
    const numbers = settled.map((s) => s.number);
    const ordersOf = [...new Set(settled.map((s) => s.orderId).filter((v): v is number => v != null))];
    const [order] = ordersOf.length === 1 ? await tx.select({ number: orders.number }).from(orders).where(eq(orders.id, ordersOf[0])) : [];
    const what = order
      ? ` pour la commande ${order.number} (${numbers.join(', ')})`
      : numbers.length
        ? ` pour ${numbers.length > 1 ? 'les factures' : 'la facture'} ${numbers.join(', ')}`
        : '';
    await notifyShopStaff(tx, {
      shopId: p.shopId,
      type: 'payment',
      content: `Règlement reçu de ${p.clientName}${what} : ${formatCents(p.amount)} (${method})`,
      redirectLink: order ? `/dashboard/orders/${ordersOf[0]}` : '/dashboard/payments',
      anyOf: PAYMENT_READERS,
      except: by,
    });
  }

  /**
   * Settles (part of) an invoice with the client's credit: the credit notes kept as credit first (oldest first), then
   * the unallocated part of their payments (oldest first). Never above the invoice's rest nor the client's balance.
   */
  async function useCredit(member: ShopMemberRow, body: UseCreditValues) {
    assertMay(member, 'useCredit');
    const invoiceId = await db.transaction(async (tx) => {
      const client = await clientOf(tx, member, body.clientId);
      const inv = await invoiceOf(tx, member.shopId, body.invoiceId, true).catch(() => {
        throw new HttpError(400, M.invoiceNotFound, 'invoiceId');
      });
      if (inv.clientId !== client.id || inv.kind === 'credit') throw new HttpError(400, M.invoiceNotFound, 'invoiceId');
      const remaining = inv.amountDue - inv.paid - inv.credited;
      if (body.amount > remaining) throw new HttpError(400, M.paymentTooLarge(formatCents(Math.max(0, remaining))), 'amount');
      const notes = await tx
        .select()
        .from(invoices)
        .where(
          and(
            eq(invoices.shopId, member.shopId),
            eq(invoices.clientId, client.id),
            eq(invoices.kind, 'credit'),
            sql`${invoices.creditRemaining} > 0`,
          ),
        )
        .orderBy(asc(invoices.issuedAt), asc(invoices.id))
        .for('update');
      const pays =
        (await tx.execute(sql`select p.id, p.amount - coalesce((select sum(a.amount) from payment_allocations a where a.payment_id = p.id), 0) as free
          from sales_payments p where p.shop_id = ${member.shopId} and p.client_id = ${client.id} and p.direction = 'in'
          order by p.paid_at, p.id for update of p`)) as unknown as { rows: Array<{ id: number; free: number | string }> };
      const balance =
        (await listCredits(member.shopId, { clientId: client.id, page: 1, pageSize: 1, offset: 0 }, tx)).items[0]?.balance ?? 0;
      if (body.amount > balance) throw new HttpError(400, M.creditTooLarge2(formatCents(Math.max(0, balance))), 'amount');
      let left = body.amount;
      for (const n of notes) {
        if (left <= 0) break;
        const part = Math.min(left, n.creditRemaining);
        left -= part;
        const rest = n.creditRemaining - part;
        await tx
          .update(invoices)
          .set({ creditRemaining: rest, creditStatus: rest === 0 ? 'empty' : 'partial' })
          .where(eq(invoices.id, n.id));
        await tx
          .update(invoices)
          .set({ credited: sql`${invoices.credited} + ${part}` })
          .where(eq(invoices.id, inv.id));
        await tx.insert(paymentAllocations).values({ shopId: member.shopId, creditNoteId: n.id, invoiceId: inv.id, amount: part });
      }
      for (const p of pays.rows) {
        if (left <= 0) break;
        const part = Math.min(left, Number(p.free));
        if (part <= 0) continue;
        left -= part;
        await tx
          .update(invoices)
          .set({ paid: sql`${invoices.paid} + ${part}` })
          .where(eq(invoices.id, inv.id));
        await tx.insert(paymentAllocations).values({ shopId: member.shopId, paymentId: p.id, invoiceId: inv.id, amount: part });
      }
      // the balance was checked above: what is left here would be an outgoing payment netted in the balance
      if (left > 0) throw new HttpError(400, M.creditTooLarge2(formatCents(body.amount - left)), 'amount');
      if (body.amount === remaining) {
        const code = await lettering(tx, member.shopId);
        await tx.update(paymentAllocations).set({ lettering: code }).where(eq(paymentAllocations.invoiceId, inv.id));
      }
      await settleDocument(tx, inv.id);
      if (inv.orderId) await syncOrderPayment(tx, inv.orderId);
      return inv.id;
    });
    const detail = await invoiceDetail(await invoiceOf(db, member.shopId, invoiceId));
    return { ...detail, message: M.creditUsed(formatCents(body.amount), detail.number) };
  }

  async function listPayments(shopId: number, q: PaymentsListQuery): Promise<Paginated<SalesPayment>> {
    const f = q.filters as PaymentsListQuery['filters'] & { id?: number };
    const conds = [sql`p.shop_id = ${shopId}`];
    if (f.id) conds.push(sql`p.id = ${f.id}`);
    if (f.direction) conds.push(sql`p.direction = ${f.direction}`);
    if (f.method) conds.push(sql`p.method = ${f.method}`);
    if (f.clientId) conds.push(sql`p.client_id = ${f.clientId}`);
    if (f.from) conds.push(sql`p.paid_at >= ${f.from}`);
    if (f.to) conds.push(sql`p.paid_at <= ${f.to}`);
    if (q.q) {
      const like = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      conds.push(sql`(p.client_name ilike ${like} or p.reference ilike ${like})`);
    }
    const where = sql.join(conds, sql` and `);
    const col = q.sort.column === 'amount' ? sql`p.amount` : sql`p.paid_at`;
    const dir = q.sort.direction === 'desc' ? sql`desc` : sql`asc`;
    const [countRes, rowsRes] = await Promise.all([
      db.execute(sql`select count(*)::int as n from sales_payments p where ${where}`),
      db.execute(
        sql`select p.id from sales_payments p where ${where} order by ${col} ${dir}, p.id desc limit ${q.pageSize} offset ${q.offset}`,
      ),
    ]);
    const ids = (rowsRes as unknown as { rows: Array<{ id: number }> }).rows.map((r) => r.id);
    const rows = ids.length ? await db.select().from(salesPayments).where(inArray(salesPayments.id, ids)) : [];
    const allocs = ids.length
      ? await db
          .select({ a: paymentAllocations, number: invoices.number })
          .from(paymentAllocations)
          .innerJoin(invoices, eq(invoices.id, paymentAllocations.invoiceId))
          .where(inArray(paymentAllocations.paymentId, ids))
      : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    const items = ids.map((id): SalesPayment => {
      const p = byId.get(id)!;
      const mine = allocs.filter((x) => x.a.paymentId === id);
      const allocated = mine.reduce((n, x) => n + x.a.amount, 0);
      return {
        id: p.id,
        direction: p.direction,
        method: p.method,
        amount: p.amount,
        paidAt: p.paidAt,
        reference: p.reference,
        client: { id: p.clientId, name: p.clientName },
        allocations: mine.map((x) => ({ invoiceId: x.a.invoiceId, number: x.number, amount: x.a.amount, lettering: x.a.lettering })),
        unallocated: p.direction === 'in' ? p.amount - allocated : 0,
        source: p.source,
        createdAt: p.createdAt.toISOString(),
      };
    });
    return paginated(items, Number((countRes as unknown as { rows: Array<{ n: number }> }).rows[0].n), q);
  }

  /** Clients' credit: payments not allocated, minus refunds, plus credit notes kept as credit. */
  async function listCredits(
    shopId: number,
    q: { clientId?: number; page: number; pageSize: number; offset: number },
    dbx: DbOrTx = db,
  ): Promise<Paginated<ClientCredit>> {
    const res = (await dbx.execute(sql`
      with bal as (
        select p.client_id, sum(case when p.direction = 'in' then p.amount - coalesce((select sum(a.amount) from payment_allocations a where a.payment_id = p.id), 0)
          when p.credit_note_id is null then -p.amount else 0 end) as amount
        from sales_payments p where p.shop_id = ${shopId} and p.client_id is not null group by p.client_id
        union all
        select i.client_id, sum(i.credit_remaining) from invoices i
        where i.shop_id = ${shopId} and i.kind = 'credit' and i.client_id is not null group by i.client_id
      )
      select b.client_id as id, sum(b.amount)::int as balance, count(*) over ()::int as total from bal b
      ${q.clientId ? sql`where b.client_id = ${q.clientId}` : sql``}
      group by b.client_id having sum(b.amount) <> 0 order by sum(b.amount) desc, b.client_id limit ${q.pageSize} offset ${q.offset}`)) as unknown as {
      rows: Array<{ id: number; balance: number; total: number }>;
    };
    const ids = res.rows.map((r) => r.id);
    const [clients, notes] = ids.length
      ? await Promise.all([
          db.select().from(crmClients).where(inArray(crmClients.id, ids)),
          db
            .select()
            .from(invoices)
            .where(and(eq(invoices.shopId, shopId), eq(invoices.kind, 'credit'), inArray(invoices.clientId, ids))),
        ])
      : [[], []];
    const items = res.rows.map((r) => {
      const c = clients.find((x) => x.id === r.id);
      return {
        client: { id: r.id, name: c ? clientName(c) : '—' },
        balance: Number(r.balance),
        creditNotes: notes
          .filter((n) => n.clientId === r.id && n.creditRemaining > 0)
          .map((n) => ({ id: n.id, number: n.number, remaining: n.creditRemaining, creditStatus: n.creditStatus ?? 'full' })),
      };
    });
    return paginated(items, res.rows[0]?.total ?? 0, q as never);
  }

  // ------------------------------------------------------------------ an order's payments

  /**
   * The payments recorded against an order's invoices and deposit invoices (a payment settling several orders counts
   * here for its part on this order's), oldest first, and what those invoices still owe (null: nothing invoiced yet).
   * Credit notes settling them are not payments: they are in the amount due, and in the order's documents.
   */
  async function orderPayments(dbx: DbOrTx, orderId: number): Promise<OrderPaymentsLedger> {
    const docs = await dbx
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), inArray(invoices.kind, ['invoice', 'deposit'])))
      .orderBy(asc(invoices.id));
    if (!docs.length) return { payments: [], amountDue: null };
    const rows = await dbx
      .select({ a: paymentAllocations, p: salesPayments })
      .from(paymentAllocations)
      .innerJoin(salesPayments, eq(salesPayments.id, paymentAllocations.paymentId))
      .where(
        inArray(
          paymentAllocations.invoiceId,
          docs.map((d) => d.id),
        ),
      )
      .orderBy(asc(salesPayments.paidAt), asc(salesPayments.id), asc(paymentAllocations.id));
    const numberOf = new Map(docs.map((d) => [d.id, d.number]));
    const byPayment = new Map<number, LedgerPayment>();
    for (const { a, p } of rows) {
      let item = byPayment.get(p.id);
      if (!item) {
        item = {
          id: p.id,
          onlinePaymentId: p.onlinePaymentId,
          method: p.method,
          amount: 0,
          paidAt: p.paidAt,
          reference: p.reference,
          allocations: [],
        };
        byPayment.set(p.id, item);
      }
      item.amount += a.amount;
      item.allocations.push({ invoiceId: a.invoiceId, number: numberOf.get(a.invoiceId) ?? '', amount: a.amount });
    }
    return { payments: [...byPayment.values()], amountDue: docs.reduce((n, d) => n + remainingOf(d), 0) };
  }

  // ------------------------------------------------------------------ the staff's order detail block

  async function staffExtra(dbx: DbOrTx, o: OrderRow, member: ShopMemberRow): Promise<SalesOrderExtra> {
    const [client, wh, agent, hist, docs] = await Promise.all([
      o.clientId ? dbx.select().from(crmClients).where(eq(crmClients.id, o.clientId)) : Promise.resolve([]),
      o.warehouseId
        ? dbx.select({ id: warehouses.id, name: warehouses.name }).from(warehouses).where(eq(warehouses.id, o.warehouseId))
        : Promise.resolve([]),
      o.agentId
        ? dbx
            .select({ id: users.id, firstname: users.firstname, lastname: users.lastname, username: users.username })
            .from(users)
            .where(eq(users.id, o.agentId))
        : Promise.resolve([]),
      dbx
        .select({ h: orderHistory, firstname: users.firstname, lastname: users.lastname, username: users.username })
        .from(orderHistory)
        .leftJoin(users, eq(users.id, orderHistory.userId))
        .where(eq(orderHistory.orderId, o.id))
        .orderBy(asc(orderHistory.at), asc(orderHistory.id)),
      dbx.select().from(invoices).where(eq(invoices.orderId, o.id)).orderBy(asc(invoices.id)),
    ]);
    const c = client[0];
    const productLines = await dbx
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.orderId, o.id), eq(orderLines.kind, 'product'), sql`${orderLines.formatId} is not null`))
      .orderBy(asc(orderLines.position), asc(orderLines.id));
    const personOf = personName;
    const invoiced = docs.filter((d) => d.kind === 'invoice').reduce((n, d) => n + d.totalTTC, 0);
    const deposits = docs.filter((d) => d.kind === 'deposit').reduce((n, d) => n + d.totalTTC, 0);
    const credited = docs.filter((d) => d.kind === 'credit').reduce((n, d) => n + d.totalTTC, 0);
    let actions = allowedOrderActions({ status: o.status, deliveryStatus: o.deliveryStatus });
    if (o.subType === 'sample') actions = actions.filter((a) => a !== 'invoice');
    // a quote is sent to its client and refused by them; an order or a sample taken as a draft (by an agent, over the
    // phone) is sent to the shop, which validates it: refusing is a quote's only
    if (o.subType !== 'quote') actions = actions.filter((a) => a !== 'refuse');
    // a checkout order waiting for the shop is validated by the orders module's own button (card imprints captured)
    // and aborted by its buyer; cancelling a paid online order needs a refund flow this issue does not build
    if (o.source === 'shop') actions = actions.filter((a) => a === 'invoice' || a === 'ship' || a === 'deliver' || a === 'cancel');
    const managed = (await managedElsewhere?.(dbx, o.id)) ?? null;
    // a primeur order is delivered and invoiced from its campaign; the order screen may only cancel it
    if (managed) actions = actions.filter((a) => a === 'cancel');
    const state = await rightsState(dbx, o);
    actions = actions.filter((a) => maySalesAct(member, a, state));
    return {
      subType: o.subType,
      source: o.source,
      client: c ? { id: c.id, name: clientName(c), code: c.code, kind: c.kind } : null,
      quoteNumber: o.quoteNumber,
      validUntil: o.validUntil,
      warehouse: wh[0] ?? null,
      paymentDelay: o.paymentDelay,
      notes: o.notes,
      agent: agent[0] ? { id: agent[0].id, name: personOf(agent[0]) ?? '' } : null,
      carrier: o.carrier,
      trackingNumber: o.trackingNumber,
      allowedActions: actions,
      history: hist.map(({ h, ...u }) => ({
        at: h.at.toISOString(),
        user: personOf(u),
        action: h.action,
        from: h.fromStatus,
        to: h.toStatus,
        note: h.note,
      })),
      invoices: docs.map((d) => ({ ...docRef(d), remaining: remainingOf(d) })),
      remainingToInvoice:
        o.status === 'invoiced' || o.status === 'cancelled' ? 0 : Math.max(0, o.totalTTC - invoiced - deposits + credited),
      input: o.source === 'backoffice' ? (o.input ?? null) : null,
      shipping: productLines.map((l) => ({
        lineId: l.id,
        label: [l.label, l.details].filter(Boolean).join(' · '),
        ordered: l.quantity + l.addQuantity,
        shipped: l.shipped,
      })),
      managedElsewhere: managed,
      parcels: await orderPackagesOf(dbx, o),
    };
  }

  // ------------------------------------------------------------------ quotes sent to the client

  async function quoteSourceOf(dbx: DbOrTx, o: OrderRow): Promise<QuoteSource> {
    if (!o.quoteNumber) throw new HttpError(409, M.notAQuote);
    const billing = await requireBilling(dbx, o.shopId);
    const [shop] = await dbx.select({ name: shops.name }).from(shops).where(eq(shops.id, o.shopId));
    const lines = await dbx
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, o.id))
      .orderBy(asc(orderLines.position), asc(orderLines.id));
    const [client] = o.clientId ? await dbx.select().from(crmClients).where(eq(crmClients.id, o.clientId)) : [];
    const [answered] = await dbx
      .select({ note: orderHistory.note, at: orderHistory.at })
      .from(orderHistory)
      .where(and(eq(orderHistory.orderId, o.id), inArray(orderHistory.action, ['accept', 'refuse'])))
      .orderBy(sql`${orderHistory.at} desc`)
      .limit(1);
    return {
      order: o,
      billing,
      shopName: shop?.name ?? billing.companyName,
      buyer: client ? clientParty(client) : orderParty(o),
      lines: documentLinesOf(lines),
      answer: answered ? { by: answered.note, at: answered.at.toISOString() } : null,
    };
  }

  /** The quote's PDF (the link printed on it when given). */
  async function quotePdf(o: OrderRow, acceptUrl: string | null): Promise<{ pdf: Buffer; number: string; doc: InvoiceDocument }> {
    const doc = quoteDocument(await quoteSourceOf(db, o), { acceptUrl, style: await styleOf(db, o.shopId) });
    return { pdf: await renderInvoicePdf(doc), number: doc.number, doc };
  }

  /** A quote of the caller's reach, for those who may write quotes (its PDF, its mail). */
  async function staffQuote(member: ShopMemberRow, id: number): Promise<OrderRow> {
    const o = await orderOf(db, member, id);
    assertMay(member, 'create', { status: 'draft', subType: 'quote' });
    return o;
  }

  /** Mails the quote (PDF attached, link to answer online); a draft quote becomes pending (sent). */
  async function sendQuote(auth: UserAuthContext, member: ShopMemberRow, id: number, body: QuoteSendValues, acceptUrl: string) {
    const o = await staffQuote(member, id);
    // a draft quote mailed becomes pending: the 'send' move
    assertMay(member, 'send', await rightsState(db, o));
    const state = publicQuoteState(o, parisDate(clock()));
    if (state !== 'open') throw new HttpError(409, M.quoteClosed(quoteStateLabel(state)));
    const { pdf, doc } = await quotePdf(o, acceptUrl);
    const to = body.email ?? doc.buyer.email;
    if (!to) throw new HttpError(400, M.noEmail, 'email');
    await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(orders).where(eq(orders.id, o.id)).for('update');
      if (locked.status === 'draft') await tx.update(orders).set({ status: 'pending', updatedAt: new Date() }).where(eq(orders.id, o.id));
      await history(tx, locked, auth.user.id, 'send', locked.status, locked.status === 'draft' ? 'pending' : locked.status, to);
      await enqueueMail(tx as Db, quoteMail(doc, to, pdf, body.message ?? null), { dedupeKey: `quote-sent:${o.id}:${Date.now()}` });
    });
    nudgeJobs();
    return { success: true as const, message: M.quoteSent(to) };
  }

  /** A quote opened by the link of its mail (the token named the order): null when it is no quote. */
  async function quoteByLink(orderId: number): Promise<OrderRow | null> {
    const [o] = await db.select().from(orders).where(eq(orders.id, orderId));
    return o?.quoteNumber ? o : null;
  }

  async function publicQuote(o: OrderRow): Promise<PublicQuote> {
    return publicQuoteOf(await quoteSourceOf(db, o), parisDate(clock()));
  }

  /**
   * The client's answer through the link: accept validates the order (the stock is held as when the shop validates
   * it) and records who signed; refuse closes it. Once answered, expired or cancelled: 409.
   */
  async function answerQuote(orderId: number, body: QuoteAnswerValues): Promise<{ success: true; message: string; quote: PublicQuote }> {
    const action: OrderAction = body.answer === 'accept' ? 'validate' : 'refuse';
    await db.transaction(async (tx) => {
      const [o] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      if (!o?.quoteNumber) throw notFound(M.quoteLink);
      const state = publicQuoteState(o, parisDate(clock()));
      if (state !== 'open') throw new HttpError(409, M.quoteClosed(quoteStateLabel(state)));
      // a draft reached by a link was sent: it answers as pending
      const from: OrderRow = o.status === 'draft' ? { ...o, status: 'pending' } : o;
      const next = nextOrderState({ status: from.status, deliveryStatus: from.deliveryStatus }, action)!;
      const set: Partial<typeof orders.$inferInsert> = { status: next.status, updatedAt: new Date() };
      if (action === 'validate') {
        try {
          await reserveStock(tx, o);
        } catch (err) {
          if (err instanceof HttpError && err.status === 409) throw new HttpError(409, M.quoteStock);
          throw err;
        }
        set.validatedAt = clock();
        set.subType = 'order';
      } else {
        await releaseStock(tx, o);
        set.closedAt = new Date();
      }
      await tx.update(orders).set(set).where(eq(orders.id, o.id));
      const who = [body.name?.trim(), 'en ligne'].filter(Boolean).join(' · ');
      await history(tx, o, null, body.answer, from.status, next.status, [who, body.reason].filter(Boolean).join(' — '));
    });
    const o = (await quoteByLink(orderId))!;
    return {
      success: true,
      message: action === 'validate' ? M.quoteAccepted : M.quoteRefused,
      quote: await publicQuote(o),
    };
  }

  /** Quotes past their validity date expire (lazily before the lists, and by the minute sweep). */
  async function expireQuotes(shopId?: number): Promise<number> {
    const due = await db
      .select({ id: orders.id, shopId: orders.shopId, status: orders.status })
      .from(orders)
      .where(
        and(
          eq(orders.subType, 'quote'),
          eq(orders.status, 'pending'),
          sql`${orders.validUntil} < ${parisDate()}`,
          ...(shopId ? [eq(orders.shopId, shopId)] : []),
        ),
      )
      .limit(200);
    for (const o of due) {
      await db.transaction(async (tx) => {
        const done = await tx
          .update(orders)
          .set({ status: 'expired', closedAt: new Date(), updatedAt: new Date() })
          .where(and(eq(orders.id, o.id), eq(orders.status, 'pending')))
          .returning({ id: orders.id });
        if (done.length)
          await tx
            .insert(orderHistory)
            .values({ shopId: o.shopId, orderId: o.id, userId: null, action: 'expire', fromStatus: 'pending', toStatus: 'expired' });
      });
    }
    return due.length;
  }

  return {
    /** see `managedElsewhere` */
    setManagedElsewhere(fn: typeof managedElsewhere) {
      managedElsewhere = fn;
    },
    /** the rights table for the routes acting on a document outside this service (mailing an invoice, reminders) */
    assertMay,
    billingOf: (shopId: number) => billingOf(db, shopId),
    putBilling,
    documentsOf: (shopId: number) => documentsOf(db, shopId),
    styleOf: (shopId: number) => styleOf(db, shopId),
    putDocuments,
    quotePdf: async (member: ShopMemberRow, id: number, acceptUrl: string | null) => quotePdf(await staffQuote(member, id), acceptUrl),
    staffQuote,
    sendQuote,
    quoteByLink,
    publicQuote,
    publicQuotePdf: (o: OrderRow, acceptUrl: string) => quotePdf(o, acceptUrl),
    answerQuote,
    preview,
    createOrder,
    updateOrder,
    act,
    changeTracking,
    bulk,
    deposit,
    creditNote,
    staffExtra,
    orderPayments,
    expireQuotes,
    listInvoices,
    getInvoice: async (shopId: number, id: number) => invoiceDetail(await invoiceOf(db, shopId, id)),
    invoiceRow: (shopId: number, id: number) => invoiceOf(db, shopId, id),
    invoiceDetail,
    recordPayment,
    useCredit,
    listPayments,
    listCredits,
    /** the list rows of some documents, in the given order */
    summariesOf: async (shopId: number, ids: number[]): Promise<InvoiceSummary[]> => {
      if (!ids.length) return [];
      const rows = await db
        .select({ r: invoices, orderNumber: orders.number })
        .from(invoices)
        .leftJoin(orders, eq(orders.id, invoices.orderId))
        .where(and(eq(invoices.shopId, shopId), inArray(invoices.id, ids)));
      return ids.flatMap((id) => rows.filter((x) => x.r.id === id).map((x) => summaryOf(x.r, x.orderNumber, null)));
    },
    markSent: async (tx: DbOrTx, id: number) => {
      await tx.update(invoices).set({ sentAt: new Date() }).where(eq(invoices.id, id));
    },
  };
}

export type SalesService = ReturnType<typeof createSalesService>;
