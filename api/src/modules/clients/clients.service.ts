import { and, count, desc, eq, sql } from 'drizzle-orm';
import type {
  Permission, PriceGridDecision, PriceGridDecisionResponse, PriceGridRequestItem, PriceGridRequestList, PriceGridRequestStatus, ShopClientList,
} from 'shared-kernel/contracts';
import type { Db } from '../../platform/db/client';
import { notifications, priceGridRequests, shopMembers, shops, users, type ShopMemberRow, type ShopRow } from '../../platform/db/schema';
import type { UserAuthContext } from '../../platform/auth/middleware';
import { callerShop, hasPermission } from '../../platform/auth/scope';
import { HttpError, MESSAGES, forbidden, notFound } from '../../platform/errors';
import { isPgInt } from '../users/users.repository';
import { displayName } from '../catalog/catalog.price-grid';

export const CLIENTS_MESSAGES = {
  requestNotFound: 'Demande de grille tarifaire introuvable',
  alreadyDecided: 'Cette demande a déjà été traitée',
  badTypology: "Cette typologie n'existe pas dans la boutique",
  staffMember: "Ce compte fait déjà partie de l'équipe de la boutique : il voit déjà ses tarifs",
  accepted: (name: string, typology: string) => `Demande acceptée : ${name} voit désormais vos tarifs « ${typology} »`,
  refused: (name: string) => `La demande de ${name} a été refusée`,
} as const;

/** The buyer's notification, in their language. */
const BUYER_NOTIFICATION = {
  fr: {
    accepted: (shop: string, typology: string) => `${shop} a accepté votre demande de grille tarifaire : vous voyez désormais ses tarifs « ${typology} ».`,
    refused: (shop: string) => `${shop} n'a pas donné suite à votre demande de grille tarifaire professionnelle. Vous pouvez renouveler votre demande depuis la page de la boutique.`,
  },
  en: {
    accepted: (shop: string, typology: string) => `${shop} accepted your price list request: you now see its “${typology}” prices.`,
    refused: (shop: string) => `${shop} did not accept your professional price list request. You may ask again from the shop's page.`,
  },
} as const;

/** Buyer notifications of a decision have this type (redirectLink: the shop's page). */
export const PRICE_GRID_NOTIFICATION_TYPE = 'priceGrid';

interface Typology { id: string; name: string; public?: boolean }
const typologiesOf = (shop: ShopRow): Typology[] => (shop.typologies ?? []) as unknown as Typology[];

/**
 * §6 role check of these endpoints: the caller's shop is their first owner/iam membership (buyers, clients, agents
 * and superAdmins → 403); owners have every right, an iam needs one of `permissions`.
 */
export function staffMember(auth: UserAuthContext, permissions: Permission[]): ShopMemberRow {
  const m = callerShop(auth);
  if (!permissions.some((p) => hasPermission(m, p))) throw forbidden();
  return m;
}

async function loadShop(db: Db, id: number): Promise<ShopRow> {
  const [shop] = await db.select().from(shops).where(eq(shops.id, id)).limit(1);
  if (!shop) throw notFound(MESSAGES.shopNotFound);
  return shop;
}

const requestColumns = {
  id: priceGridRequests.id, status: priceGridRequests.status, createdAt: priceGridRequests.createdAt, company: priceGridRequests.company,
  userId: users.id, firstname: users.firstname, lastname: users.lastname, username: users.username, email: users.email, phone: users.phone,
  typology: shopMembers.typology,
};
interface RequestJoinRow {
  id: number; status: PriceGridRequestStatus; createdAt: Date; company: string | null; userId: number;
  firstname: string | null; lastname: string | null; username: string; email: string; phone: string | null; typology: string | null;
}

function toItem(r: RequestJoinRow): PriceGridRequestItem {
  return {
    id: r.id, status: r.status, createdAt: r.createdAt.toISOString(), company: r.company,
    requester: { id: r.userId, name: displayName(r), email: r.email, phone: r.phone },
    typology: r.status === 'accepted' ? r.typology : null,
  };
}

function selectRequests(db: Db) {
  return db.select(requestColumns).from(priceGridRequests)
    .innerJoin(users, eq(users.id, priceGridRequests.userId))
    .leftJoin(shopMembers, and(eq(shopMembers.shopId, priceGridRequests.shopId), eq(shopMembers.userId, priceGridRequests.userId), eq(shopMembers.kind, 'client')));
}

/** GET /v1/shops/me/price-grid-requests: the shop's requests, newest first. */
export async function listPriceGridRequests(db: Db, shopId: number, q: { status?: PriceGridRequestStatus; page: number; pageSize: number }): Promise<PriceGridRequestList> {
  const where = and(eq(priceGridRequests.shopId, shopId), q.status ? eq(priceGridRequests.status, q.status) : undefined);
  const [[{ n }], rows] = await Promise.all([
    db.select({ n: count() }).from(priceGridRequests).where(where),
    selectRequests(db).where(where).orderBy(desc(priceGridRequests.createdAt), desc(priceGridRequests.id))
      .limit(q.pageSize).offset((q.page - 1) * q.pageSize),
  ]);
  return { items: (rows as RequestJoinRow[]).map(toItem), total: Number(n), page: q.page, pageSize: q.pageSize };
}

/**
 * PUT /v1/shops/me/price-grid-requests/{id}. One transaction: the pending → accepted/refused move is a conditional
 * update (two concurrent decisions: one wins, the other gets 409); accepting attaches the buyer as a 'client' member
 * with the chosen typology and an empty authorizations object (no permission at all, even if a check forgot the kind).
 * The buyer is notified with a link to the shop's page.
 */
export async function decidePriceGridRequest(db: Db, shopId: number, rawId: string, body: PriceGridDecision): Promise<PriceGridDecisionResponse> {
  const id = /^\d{1,10}$/.test(rawId) ? Number(rawId) : NaN;
  if (!isPgInt(id)) throw notFound(CLIENTS_MESSAGES.requestNotFound);
  const shop = await loadShop(db, shopId);
  let typology: Typology | undefined;
  if (body.decision === 'accept') {
    typology = typologiesOf(shop).find((t) => t.id === body.typology || t.name === body.typology);
    if (!typology) throw new HttpError(400, CLIENTS_MESSAGES.badTypology, 'typology');
  }
  const status: PriceGridRequestStatus = body.decision === 'accept' ? 'accepted' : 'refused';

  const result = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [moved] = await tx.update(priceGridRequests).set({ status })
      .where(and(eq(priceGridRequests.id, id), eq(priceGridRequests.shopId, shopId), eq(priceGridRequests.status, 'pending')))
      .returning();
    if (!moved) {
      const [exists] = await tx.select({ id: priceGridRequests.id }).from(priceGridRequests)
        .where(and(eq(priceGridRequests.id, id), eq(priceGridRequests.shopId, shopId))).limit(1);
      // Another shop's request is reported as unknown (404), never leaked.
      throw exists ? new HttpError(409, CLIENTS_MESSAGES.alreadyDecided) : notFound(CLIENTS_MESSAGES.requestNotFound);
    }
    const [buyer] = await tx.select().from(users).where(eq(users.id, moved.userId)).limit(1);
    if (typology) {
      const [existing] = await tx.select().from(shopMembers)
        .where(and(eq(shopMembers.shopId, shopId), eq(shopMembers.userId, moved.userId))).limit(1);
      if (existing && existing.kind !== 'client') throw new HttpError(409, CLIENTS_MESSAGES.staffMember);
      if (existing) {
        await tx.update(shopMembers).set({ typology: typology.id, authorizations: {} }).where(eq(shopMembers.id, existing.id));
      } else {
        await tx.insert(shopMembers).values({ userId: moved.userId, shopId, kind: 'client', authorizations: {}, typology: typology.id });
      }
    }
    const texts = BUYER_NOTIFICATION[buyer.language === 'en' ? 'en' : 'fr'];
    await tx.insert(notifications).values({
      userId: buyer.id,
      type: PRICE_GRID_NOTIFICATION_TYPE,
      content: typology ? texts.accepted(shop.name, typology.name) : texts.refused(shop.name),
      redirectLink: `/${shop.urlShop}`,
    });
    const [row] = await selectRequests(tx).where(eq(priceGridRequests.id, id)).limit(1);
    return toItem(row as RequestJoinRow);
  });
  const name = result.requester.name;
  return {
    success: true,
    message: typology ? CLIENTS_MESSAGES.accepted(name, typology.name) : CLIENTS_MESSAGES.refused(name),
    request: result,
  };
}

/** GET /v1/shops/me/clients: the professional clients attached to the shop (client memberships), newest first. */
export async function listShopClients(db: Db, shopId: number, q: { page: number; pageSize: number }): Promise<ShopClientList> {
  const shop = await loadShop(db, shopId);
  const where = and(eq(shopMembers.shopId, shopId), eq(shopMembers.kind, 'client'));
  const [[{ n }], rows] = await Promise.all([
    db.select({ n: count() }).from(shopMembers).where(where),
    db.select({
      userId: users.id, firstname: users.firstname, lastname: users.lastname, username: users.username, email: users.email, phone: users.phone,
      business: users.business, typology: shopMembers.typology, since: shopMembers.createdAt,
      // the company named in the latest accepted request, else the account's business name
      company: sql<string | null>`(select ${priceGridRequests.company} from ${priceGridRequests}
        where ${priceGridRequests.shopId} = ${shopMembers.shopId} and ${priceGridRequests.userId} = ${shopMembers.userId} and ${priceGridRequests.status} = 'accepted'
        order by ${priceGridRequests.createdAt} desc limit 1)`,
    }).from(shopMembers).innerJoin(users, eq(users.id, shopMembers.userId)).where(where)
      .orderBy(desc(shopMembers.createdAt), desc(shopMembers.id)).limit(q.pageSize).offset((q.page - 1) * q.pageSize),
  ]);
  const list = typologiesOf(shop);
  return {
    items: rows.map((r) => ({
      userId: r.userId, name: displayName(r), email: r.email, phone: r.phone,
      company: r.company ?? r.business?.name?.trim() ?? null,
      typology: r.typology, typologyName: list.find((t) => t.id === r.typology || t.name === r.typology)?.name ?? r.typology,
      since: (r.since instanceof Date ? r.since : new Date(r.since)).toISOString(),
    })),
    total: Number(n), page: q.page, pageSize: q.pageSize,
  };
}
