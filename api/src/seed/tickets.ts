/**
 * Demo messaging: buyer@demo.test and Domaine de Démo talk about one of the buyer's orders (the last
 * message, from the buyer, is unread by the shop), and an older closed conversation. Idempotent and fast: nothing is
 * done once the buyer has a thread with the shop. Written straight into the tables (no notification, no mail).
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { shopMembers, shops, users } from '../platform/db/tables';
import type { Logger } from '../platform/logger';
import { orders } from '../modules/orders';
import { ticketMessages, ticketThreads } from '../modules/tickets';

const HOUR = 3600_000;

export async function seedTickets(db: Db, logger?: Logger): Promise<void> {
  // demo data must never keep the app (or another module's tests) from starting
  try {
    await seed(db, logger);
  } catch (err) {
    logger?.error({ err }, 'seedTickets failed: no demo messaging data');
  }
}

async function seed(db: Db, logger?: Logger): Promise<void> {
  const [shop] = await db.select({ id: shops.id }).from(shops).where(eq(shops.urlShop, 'domaine-demo'));
  const [buyer] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'buyer@demo.test'));
  if (!shop || !buyer) return;
  const existing = await db
    .select({ id: ticketThreads.id })
    .from(ticketThreads)
    .where(and(eq(ticketThreads.shopId, shop.id), eq(ticketThreads.buyerUserId, buyer.id)))
    .limit(1);
  if (existing.length) return;
  const [owner] = await db
    .select({ id: shopMembers.userId })
    .from(shopMembers)
    .where(and(eq(shopMembers.shopId, shop.id), eq(shopMembers.kind, 'owner')))
    .limit(1);
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.shopId, shop.id), eq(orders.buyerId, buyer.id)))
    .orderBy(asc(orders.id))
    .limit(1);

  const now = Date.now();
  const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR);
  const ownerId = owner?.id ?? null;

  await db.transaction(async (tx) => {
    // an open conversation about an order: 4 messages both ways, the last one (the buyer's) not read by the shop yet
    const open = [
      {
        side: 'buyer' as const,
        author: buyer.id,
        at: at(50),
        body: 'Bonjour, pourriez-vous me confirmer la date d’expédition de ma commande ? Je serai absent la semaine prochaine.',
      },
      {
        side: 'shop' as const,
        author: ownerId,
        at: at(47),
        body: 'Bonjour, votre commande part demain matin ; elle devrait arriver sous 48 h. Bonne journée !',
      },
      {
        side: 'shop' as const,
        author: ownerId,
        at: at(22),
        body: 'Le colis est parti ce matin avec Colissimo ; vous recevrez le lien de suivi par mail.',
      },
      {
        side: 'buyer' as const,
        author: buyer.id,
        at: at(2),
        body: 'Merci ! Le colis est bien arrivé, tout est en bon état. Est-il possible de commander une caisse bois pour le magnum ?',
      },
    ];
    const [t1] = await tx
      .insert(ticketThreads)
      .values({
        shopId: shop.id,
        buyerUserId: buyer.id,
        orderId: order?.id ?? null,
        subject: 'Expédition de ma commande',
        status: 'open',
        buyerUnread: 0,
        shopUnread: 1,
        lastMessageAt: open[open.length - 1].at,
        createdAt: open[0].at,
      })
      .returning({ id: ticketThreads.id });
    await tx
      .insert(ticketMessages)
      .values(open.map((m) => ({ threadId: t1.id, shopId: shop.id, authorUserId: m.author, side: m.side, body: m.body, createdAt: m.at })));

    // an older closed conversation
    const closed = [
      { side: 'buyer' as const, author: buyer.id, at: at(24 * 20), body: 'Bonjour, proposez-vous des visites de la cave le samedi ?' },
      {
        side: 'shop' as const,
        author: ownerId,
        at: at(24 * 20 - 3),
        body: 'Bonjour, oui : le samedi à 10 h et 15 h, sur réservation depuis notre boutique en ligne.',
      },
      { side: 'buyer' as const, author: buyer.id, at: at(24 * 19), body: 'Merci, je réserve pour samedi prochain.' },
    ];
    const [t2] = await tx
      .insert(ticketThreads)
      .values({
        shopId: shop.id,
        buyerUserId: buyer.id,
        orderId: null,
        subject: 'Visite de la cave',
        status: 'closed',
        buyerUnread: 0,
        shopUnread: 0,
        lastMessageAt: closed[closed.length - 1].at,
        createdAt: closed[0].at,
      })
      .returning({ id: ticketThreads.id });
    await tx
      .insert(ticketMessages)
      .values(
        closed.map((m) => ({ threadId: t2.id, shopId: shop.id, authorUserId: m.author, side: m.side, body: m.body, createdAt: m.at })),
      );
  });
  logger?.info('demo messaging seeded');
}
