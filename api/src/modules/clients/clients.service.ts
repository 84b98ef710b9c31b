import type {
  PriceGridDecision,
  PriceGridDecisionResponse,
  PriceGridRequestItem,
  PriceGridRequestList,
  PriceGridRequestStatus,
  ShopClientList,
} from 'shared-kernel/contracts';
import type { Db, DbOrTx } from '../../platform/db/client';
import type { ShopRow, UserRow } from '../../platform/db/tables';
import { HttpError, MESSAGES, notFound } from '../../platform/errors';
import { paginated } from '../../platform/list-query';
import { displayName } from '../catalog';
import {
  attachClient,
  decideRequest,
  findMembership,
  findRequest,
  findShop,
  findUser,
  listClients,
  listRequests,
  notify,
  requestExists,
  type ClientsQuery,
  type RequestJoinRow,
  type RequestsQuery,
} from './clients.repository';
import * as crm from './crm.repository';
import { clientCode, codePrefixOf } from './crm.service';

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
    accepted: (shop: string, typology: string) =>
      `${shop} a accepté votre demande de grille tarifaire : vous voyez désormais ses tarifs « ${typology} ».`,
    refused: (shop: string) =>
      `${shop} n'a pas donné suite à votre demande de grille tarifaire professionnelle. Vous pouvez renouveler votre demande depuis la page de la boutique.`,
  },
  en: {
    accepted: (shop: string, typology: string) => `${shop} accepted your price list request: you now see its “${typology}” prices.`,
    refused: (shop: string) => `${shop} did not accept your professional price list request. You may ask again from the shop's page.`,
  },
} as const;

/** Buyer notifications of a decision have this type (redirectLink: the shop's page). */
export const PRICE_GRID_NOTIFICATION_TYPE = 'priceGrid';

/**
 * The accepted buyer in the client file: their client record, linked to the buyer account, gets the
 * typology; none yet → a professional client is created with the next client code.
 */
async function linkClientFile(tx: DbOrTx, shop: ShopRow, buyer: UserRow, company: string | null, typology: string): Promise<void> {
  const linked = await crm.findClientOfUser(tx, shop.id, buyer.id);
  if (linked) {
    await crm.updateClient(tx, shop.id, linked.id, { typology, kind: linked.kind === 'prospect' ? 'professional' : linked.kind });
    return;
  }
  const n = await crm.nextClientNumber(tx, shop.id);
  await crm.insertClient(tx, {
    shopId: shop.id,
    kind: 'professional',
    code: clientCode(codePrefixOf(shop), n),
    typology,
    firstname: buyer.firstname,
    lastname: buyer.lastname,
    company: company ?? buyer.business?.name?.trim() ?? buyer.username,
    email: buyer.email,
    phone: buyer.phone,
    userId: buyer.id,
  });
}

interface Typology {
  id: string;
  name: string;
  public?: boolean;
}
const typologiesOf = (shop: ShopRow): Typology[] => (shop.typologies ?? []) as unknown as Typology[];

function toItem(r: RequestJoinRow): PriceGridRequestItem {
  return {
    id: r.id,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    company: r.company,
    requester: { id: r.userId, name: displayName(r), email: r.email, phone: r.phone },
    typology: r.status === 'accepted' ? r.typology : null,
  };
}

/** Professional clients of a shop: price-grid requests to decide, client memberships. Every call is scoped to `shopId`. */
export function createClientsService(deps: { db: Db }) {
  const { db } = deps;

  async function loadShop(id: number): Promise<ShopRow> {
    const shop = await findShop(db, id);
    if (!shop) throw notFound(MESSAGES.shopNotFound);
    return shop;
  }

  return {
    /** GET /v1/shops/me/price-grid-requests: the shop's requests, newest first. */
    async listRequests(shopId: number, q: RequestsQuery): Promise<PriceGridRequestList> {
      const { rows, total } = await listRequests(db, shopId, q);
      return paginated(rows.map(toItem), total, q);
    },

    /**
     * PUT /v1/shops/me/price-grid-requests/{id}. One transaction: the pending → accepted/refused move is a conditional
     * update (two concurrent decisions: one wins, the other gets 409); accepting attaches the buyer as a 'client' member
     * with the chosen typology and an empty authorizations object (no permission at all, even if a check forgot the kind).
     * The buyer is notified with a link to the shop's page.
     */
    async decide(shopId: number, id: number, body: PriceGridDecision): Promise<PriceGridDecisionResponse> {
      const shop = await loadShop(shopId);
      let typology: Typology | undefined;
      if (body.decision === 'accept') {
        typology = typologiesOf(shop).find((t) => t.id === body.typology || t.name === body.typology);
        if (!typology) throw new HttpError(400, CLIENTS_MESSAGES.badTypology, 'typology');
      }
      const status: PriceGridRequestStatus = body.decision === 'accept' ? 'accepted' : 'refused';
      const result = await db.transaction(async (tx) => {
        const moved = await decideRequest(tx, shopId, id, status);
        // Another shop's request is reported as unknown (404), never leaked.
        if (!moved)
          throw (await requestExists(tx, shopId, id))
            ? new HttpError(409, CLIENTS_MESSAGES.alreadyDecided)
            : notFound(CLIENTS_MESSAGES.requestNotFound);
        const buyer = await findUser(tx, moved.userId);
        if (typology) {
          const existing = await findMembership(tx, shopId, moved.userId);
          if (existing && existing.kind !== 'client') throw new HttpError(409, CLIENTS_MESSAGES.staffMember);
          await attachClient(tx, shopId, moved.userId, typology.id, existing);
          await linkClientFile(tx, shop, buyer, moved.company, typology.id);
        }
        const texts = BUYER_NOTIFICATION[buyer.language === 'en' ? 'en' : 'fr'];
        await notify(tx, {
          userId: buyer.id,
          type: PRICE_GRID_NOTIFICATION_TYPE,
          content: typology ? texts.accepted(shop.name, typology.name) : texts.refused(shop.name),
          redirectLink: `/${shop.urlShop}`,
        });
        return toItem((await findRequest(tx, id))!);
      });
      const name = result.requester.name;
      return {
        success: true,
        message: typology ? CLIENTS_MESSAGES.accepted(name, typology.name) : CLIENTS_MESSAGES.refused(name),
        request: result,
      };
    },

    /** GET /v1/shops/me/clients: the professional clients attached to the shop (client memberships), newest first. */
    async listClients(shopId: number, q: ClientsQuery): Promise<ShopClientList> {
      const shop = await loadShop(shopId);
      const { rows, total } = await listClients(db, shopId, q);
      const list = typologiesOf(shop);
      return paginated(
        rows.map((r) => ({
          userId: r.userId,
          name: displayName(r),
          email: r.email,
          phone: r.phone,
          company: r.company ?? r.business?.name?.trim() ?? null,
          typology: r.typology,
          typologyName: list.find((t) => t.id === r.typology || t.name === r.typology)?.name ?? r.typology,
          since: (r.since instanceof Date ? r.since : new Date(r.since)).toISOString(),
        })),
        total,
        q,
      );
    },
  };
}
