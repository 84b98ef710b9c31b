/**
 * Shipping (issue 14, /dashboard/delivery): the orders to prepare and ship, their delivery note (bon de livraison)
 * with the number of packages (the shop's packaging of the settings section `delivery`, by default 12 bottles a package,
 * §9) and the tracking mail to the client.
 */
import PDFDocument from 'pdfkit';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DeliveryItem, Paginated } from 'shared-kernel/contracts';
import { DELIVERY_STATUS, formatDate, packagesFor, packagingOf, type DeliveryStatus, type Packaging } from 'shared-kernel/domain';
import type { Db } from '../../platform/db/client';
import { paginated } from '../../platform/list-query';
import { warehouses } from '../stock';
import { orderLines, orders, shopCheckoutSettings, type OrderRow } from '../orders';
import type { DeliveriesListQuery } from './sales.schemas';

const OPEN: DeliveryStatus[] = ['pending', 'preparation', 'pendingPickup', 'pickup', 'transit', 'partiallyDelivered', 'exception'];
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The shop's packaging (bottles a package), defaults of §9 when it has set none. */
export async function shopPackaging(db: Db, shopId: number): Promise<Packaging> {
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
  const ids = rows.map((r) => r.o.id);
  const units = ids.length
    ? await db
        .select({ orderId: orderLines.orderId, n: sql<number>`coalesce(sum(${orderLines.quantity} + ${orderLines.addQuantity}), 0)::int` })
        .from(orderLines)
        .where(and(inArray(orderLines.orderId, ids), eq(orderLines.kind, 'product'), sql`${orderLines.formatId} is not null`))
        .groupBy(orderLines.orderId)
    : [];
  const bottlesOf = new Map(units.map((u) => [u.orderId, Number(u.n)]));
  return paginated(
    rows.map(({ o, warehouse }) => {
      const bottles = bottlesOf.get(o.id) ?? 0;
      return {
        orderId: o.id,
        number: o.number,
        createdAt: o.createdAt.toISOString(),
        status: o.status,
        deliveryStatus: o.deliveryStatus,
        client: { id: o.clientId, name: o.buyerName },
        city: o.deliveryAddress?.city ?? null,
        bottles,
        packages: packagesFor(bottles, packaging),
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
  const bottles = lines.filter((l) => l.formatId).reduce((n, l) => n + l.quantity + l.addQuantity, 0);
  const packaging = await shopPackaging(db, o.shopId);
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
    doc
      .font('Helvetica-Bold')
      .text(t(`${bottles} bouteille(s) — ${packagesFor(bottles, packaging)} colis de ${packaging.bottlesPerPackage} bouteilles au plus`));
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
