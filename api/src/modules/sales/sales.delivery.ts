/**
 * Shipping (/dashboard/delivery): the orders to prepare and ship, their delivery note (bon de livraison)
 * with the number of packages (the shop's packaging of the settings section `delivery`, by default 12 bottles a package,
 * §9) and the tracking mail to the client. The bottles of an order are counted from its lines by `bottlesOf` (one rule
 * for the list and the note).
 */
import { loadPdfkit } from '../../platform/heavy-libraries';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DeliveryItem, Paginated } from 'shared-kernel/contracts';
import {
  DELIVERY_STATUS,
  carrierTrackingUrl,
  formatDate,
  packagesFor,
  packagingOf,
  type DeliveryStatus,
  type Packaging,
} from 'shared-kernel/domain';
import type { Db, DbOrTx } from '../../platform/db/client';
import { paginated } from '../../platform/list-query';
import { products } from '../catalog';
import { warehouses } from '../stock';
import { orderLines, orders, shopCheckoutSettings, type OrderRow } from '../orders';
import type { DeliveriesListQuery } from './sales.schemas';

const OPEN: DeliveryStatus[] = ['pending', 'preparation', 'pendingPickup', 'pickup', 'transit', 'partiallyDelivered', 'exception'];
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** What `bottlesOf` reads of an order line (and of its product, when it has one). */
export interface BottleLine {
  kind: string;
  quantity: number;
  addQuantity: number;
  accountingType: string | null;
  productId: number | null;
  /** the line's product's type (catalog products.product_type); null without a product */
  productType: string | null;
  /** a box product's bottles (its fixed content, or the size the buyer composes); null when unknown */
  bottlesPerBox?: number | null;
}

/** Accounting types of a line typed by hand that stand for bottles: 'product' is what a bottle is booked as
 * (ACCOUNTING_TYPE_OF_PRODUCT), an offered one is 'productGift', a sample 'productSample'. */
const HAND_TYPED_BOTTLES: ReadonlySet<string> = new Set(['product', 'productGift', 'productSample']);

const unitsOf = (l: BottleLine) => Math.max(0, l.quantity) + Math.max(0, l.addQuantity);

/**
 * The bottles of an order (§9 packaging): the units of its bottle products, free units included (quantity +
 * addQuantity, as the cart engine counts them for the shipping price), and the bottles inside its boxes (a box of 3
 * counts 3 a unit) when the box's content is known. A catalogue line counts when its product is a bottle or a box (an
 * accessory or a service does not); a line typed by hand in the back office (no product: the demo history, a wine not
 * in the catalogue) counts when it is booked as a bottle product. Reservation, shipping and discount lines never count.
 */
export function bottlesOf(lines: readonly BottleLine[]): number {
  return lines.reduce((n, l) => {
    if (l.kind !== 'product') return n;
    if (l.productId == null) return HAND_TYPED_BOTTLES.has(l.accountingType ?? '') ? n + unitsOf(l) : n;
    if (l.productType === 'bottle') return n + unitsOf(l);
    if (l.productType === 'box') return n + unitsOf(l) * Math.max(0, l.bottlesPerBox ?? 0);
    return n;
  }, 0);
}

/** Whether a line is something to pack (a service, a booking, shipping or a discount is not). */
const shipsGoods = (l: BottleLine) =>
  l.kind === 'product' && unitsOf(l) > 0 && (l.productId == null ? l.accountingType !== 'prestation' : l.productType !== 'prestation');

/**
 * The packages of an order: its bottles by the shop's packaging, and at least one when it holds goods without bottles
 * (a box of unknown content, jam, glasses): whatever leaves the cellar leaves in a parcel.
 */
export function packagesOf(lines: readonly BottleLine[], packaging: Packaging): { bottles: number; packages: number } {
  const bottles = bottlesOf(lines);
  const packages = packagesFor(bottles, packaging);
  return { bottles, packages: packages === 0 && lines.some(shipsGoods) ? 1 : packages };
}

/** What a box product holds in bottles: its fixed content, else the size the buyer fills; null when neither. */
function bottlesPerBoxOf(boxItems: Array<{ quantity: number }> | null, builder: { size: number } | null): number | null {
  if (boxItems?.length) return boxItems.reduce((n, i) => n + Math.max(0, i.quantity), 0);
  return builder?.size ?? null;
}

/** The product lines of orders with what `bottlesOf` reads, by order. */
async function bottleLinesOf(db: DbOrTx, orderIds: number[]): Promise<Map<number, BottleLine[]>> {
  const byOrder = new Map<number, BottleLine[]>();
  if (!orderIds.length) return byOrder;
  const rows = await db
    .select({
      orderId: orderLines.orderId,
      kind: orderLines.kind,
      quantity: orderLines.quantity,
      addQuantity: orderLines.addQuantity,
      accountingType: orderLines.accountingType,
      productId: orderLines.productId,
      productType: products.productType,
      boxItems: products.boxItems,
      builder: products.builder,
    })
    .from(orderLines)
    .leftJoin(products, eq(products.id, orderLines.productId))
    .where(and(inArray(orderLines.orderId, orderIds), eq(orderLines.kind, 'product')));
  for (const { orderId, boxItems, builder, ...rest } of rows) {
    const l: BottleLine = { ...rest, bottlesPerBox: rest.productType === 'box' ? bottlesPerBoxOf(boxItems, builder) : null };
    const list = byOrder.get(orderId);
    if (list) list.push(l);
    else byOrder.set(orderId, [l]);
  }
  return byOrder;
}

/** An order's bottles and packages by the rule of Expéditions (the order screen shows the same). */
export async function orderPackagesOf(db: DbOrTx, o: Pick<OrderRow, 'id' | 'shopId'>): Promise<{ bottles: number; packages: number }> {
  const [lines, packaging] = await Promise.all([bottleLinesOf(db, [o.id]), shopPackaging(db, o.shopId)]);
  return packagesOf(lines.get(o.id) ?? [], packaging);
}

/** The shop's packaging (bottles a package), defaults of §9 when it has set none. */
export async function shopPackaging(db: DbOrTx, shopId: number): Promise<Packaging> {
  const [row] = await db
    .select({ rules: shopCheckoutSettings.rules })
    .from(shopCheckoutSettings)
    .where(eq(shopCheckoutSettings.shopId, shopId));
  return packagingOf(row?.rules?.packaging);
}

export async function listDeliveries(db: Db, shopId: number, q: DeliveriesListQuery): Promise<Paginated<DeliveryItem>> {
  const conds: SQL[] = [eq(orders.shopId, shopId), inArray(orders.status, ['validated', 'invoiced']), eq(orders.hasProducts, true)];
  const st = q.filters.deliveryStatus;
  if (st?.length) conds.push(inArray(orders.deliveryStatus, st));
  else conds.push(inArray(orders.deliveryStatus, OPEN));
  if (q.q) {
    const like = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(sql`(${orders.number} ilike ${like} or ${orders.buyerName} ilike ${like})`);
  }
  const where = and(...conds);
  const sortCol = q.sort.column === 'number' ? orders.number : orders.createdAt;
  const packaging = await shopPackaging(db, shopId);
  const [[{ n }], rows] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(where),
    db
      .select({ o: orders, warehouse: warehouses.name })
      .from(orders)
      .leftJoin(warehouses, eq(warehouses.id, orders.warehouseId))
      .where(where)
      .orderBy(q.sort.direction === 'desc' ? desc(sortCol) : asc(sortCol), asc(orders.id))
      .limit(q.pageSize)
      .offset(q.offset),
  ]);
  const linesOf = await bottleLinesOf(
    db,
    rows.map((r) => r.o.id),
  );
  return paginated(
    rows.map(({ o, warehouse }) => {
      const { bottles, packages } = packagesOf(linesOf.get(o.id) ?? [], packaging);
      return {
        orderId: o.id,
        number: o.number,
        createdAt: o.createdAt.toISOString(),
        status: o.status,
        deliveryStatus: o.deliveryStatus,
        client: { id: o.clientId, name: o.buyerName },
        city: o.deliveryAddress?.city ?? null,
        bottles,
        packages,
        warehouse: warehouse ?? null,
        carrier: o.carrier,
        trackingNumber: o.trackingNumber,
        shippedAt: o.shippedAt ? o.shippedAt.toISOString() : null,
        deliveredAt: o.deliveredAt ? o.deliveredAt.toISOString() : null,
      };
    }),
    Number(n),
    q,
  );
}

/** The delivery note: addresses, the lines to pick (quantities, no prices), the packages, a signature box. */
export async function renderDeliveryNote(db: Db, o: OrderRow, sellerName: string): Promise<Buffer> {
  const lines = await db
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.orderId, o.id), eq(orderLines.kind, 'product')))
    .orderBy(asc(orderLines.position), asc(orderLines.id));
  const [wh] = o.warehouseId ? await db.select({ name: warehouses.name }).from(warehouses).where(eq(warehouses.id, o.warehouseId)) : [];
  const packaging = await shopPackaging(db, o.shopId);
  const { bottles, packages } = packagesOf((await bottleLinesOf(db, [o.id])).get(o.id) ?? [], packaging);
  const PDFDocument = await loadPdfkit();
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Bon de livraison ${o.number}`, Author: sellerName } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const t = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');
    doc.font('Helvetica-Bold').fontSize(16).text(t(sellerName));
    doc
      .moveDown(0.5)
      .fontSize(14)
      .text(t(`Bon de livraison — commande ${o.number}`));
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(t(`Commande du ${formatDate(o.createdAt)}`));
    if (wh) doc.text(t(`Expédié depuis : ${wh.name}`));
    if (o.carrier) doc.text(t(`Transporteur : ${o.carrier}${o.trackingNumber ? ` — suivi ${o.trackingNumber}` : ''}`));
    doc.moveDown();
    const a = o.deliveryAddress;
    doc.font('Helvetica-Bold').text('Livrer à :');
    doc.font('Helvetica').text(t(o.buyerName));
    if (a) doc.text(t([a.company, a.street, a.street2, `${a.zipcode} ${a.city}`, a.country].filter(Boolean).join('\n')));
    if (o.phone) doc.text(t(`Tél. ${o.phone}`));
    if (o.shipping?.instructions) doc.text(t(`Instructions : ${o.shipping.instructions}`));
    doc.moveDown();
    const left = doc.page.margins.left;
    const y0 = doc.y;
    doc
      .font('Helvetica-Bold')
      .text('Article', left, y0)
      .text('Quantité', left + 380, y0, { width: 70, align: 'right' })
      .text('Préparé', left + 455, y0);
    doc.font('Helvetica');
    for (const l of lines) {
      const y = doc.y + 4;
      doc.text(t([l.label, l.details].filter(Boolean).join(' — ')), left, y, { width: 370 });
      const yEnd = doc.y;
      doc.text(String(l.quantity + l.addQuantity), left + 380, y, { width: 70, align: 'right' });
      doc.rect(left + 470, y, 10, 10).stroke();
      doc.y = Math.max(yEnd, y + 12);
    }
    doc.moveDown();
    doc.x = left;
    doc.font('Helvetica-Bold').text(t(`${bottles} bouteille(s) — ${packages} colis de ${packaging.bottlesPerPackage} bouteilles au plus`));
    doc.font('Helvetica').moveDown(2).text('Reçu en bon état le : ____________________      Signature du client :');
    doc.end();
  });
}

export function trackingMail(o: OrderRow, sellerName: string, replyTo: string | null) {
  const status = DELIVERY_STATUS[o.deliveryStatus]?.label ?? o.deliveryStatus;
  const lines = [
    'Bonjour,',
    `Votre commande ${o.number} a été expédiée (${status.toLowerCase()}).`,
    o.carrier ? `Transporteur : ${o.carrier}` : '',
    o.trackingNumber ? `Numéro de suivi : ${o.trackingNumber}` : '',
    carrierTrackingUrl(o.carrier, o.trackingNumber) ? `Suivre le colis : ${carrierTrackingUrl(o.carrier, o.trackingNumber)}` : '',
    'Vous retrouvez ces informations dans le détail de votre commande.',
    'Cordialement,',
    sellerName,
  ].filter(Boolean);
  return {
    to: o.buyerEmail,
    subject: `Votre commande ${o.number} est en route — ${sellerName}`,
    text: lines.join('\n\n'),
    html: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n'),
    ...(replyTo ? { replyTo } : {}),
  };
}
