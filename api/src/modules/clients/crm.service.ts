import {
  CRM_CLIENT_MESSAGES as M,
  ERASED_CLIENT_NAME,
  type CrmBulkResult,
  type CrmClientDetail,
  type CrmClientListItem,
  type CrmClientSaved,
  type CrmClientValues,
  type CrmInteractionKind,
  type Paginated,
} from 'shared-kernel/contracts';
import { departmentOfPostcode } from 'shared-kernel/domain';
import type { Db, DbOrTx } from '../../platform/db/client';
import type { ShopMemberRow, ShopRow } from '../../platform/db/tables';
import { HttpError, forbidden, notFound } from '../../platform/errors';
import { paginated } from '../../platform/list-query';
import type { ClientAddress, CrmClientRow } from './clients.tables';
import * as repo from './crm.repository';
import { clientCode, codePrefixOf } from './client-code';

export { clientCode, codePrefixOf } from './client-code';
import { answerCacheFor } from '../../platform/answer-cache';

/** What a page of the clients list is read from (the change feed drops the kept pages of a shop when one changes). */
const CLIENT_LIST_TABLES = new Set(['crm_clients', 'orders']);

const iso = (d: Date | string | null | undefined): string | null =>
  d == null ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString();
const bad = (message: string, field?: string) => new HttpError(400, message, field);
const personName = (u: { firstname: string | null; lastname: string | null; username?: string | null }) =>
  [u.firstname, u.lastname].filter(Boolean).join(' ') || u.username || '';

/** The displayed name: the company of a professional or a prospect, else 'Firstname Lastname'. */
export function clientName(c: Pick<CrmClientRow, 'kind' | 'company' | 'firstname' | 'lastname'>): string {
  const person = [c.firstname, c.lastname].filter(Boolean).join(' ');
  return (c.kind === 'private' ? person || c.company : c.company || person) || '—';
}

/** The main address: the default delivery one, else the first delivery one, else the first. */
export function mainAddress(addresses: ClientAddress[]): ClientAddress | undefined {
  return addresses.find((a) => a.kind === 'delivery' && a.isDefault) ?? addresses.find((a) => a.kind === 'delivery') ?? addresses[0];
}

/** French department of the main address's zipcode: 2 digits, 97x overseas, Corsica 2A (200xx-201xx) / 2B. */
export function departmentOf(addresses: ClientAddress[]): string | null {
  const a = mainAddress(addresses);
  if (!a?.zipcode) return null;
  const country = (a.country ?? 'FR').trim().toLowerCase();
  if (country && !['fr', 'france'].includes(country)) return null;
  return departmentOfPostcode(a.zipcode);
}

interface Typology {
  id: string;
  name: string;
}
const typologiesOf = (shop: ShopRow): Typology[] => (shop.typologies ?? []) as unknown as Typology[];

function listItem(r: repo.ClientWithAgent): CrmClientListItem {
  const c = r.client;
  const main = mainAddress(c.addresses ?? []);
  return {
    id: c.id,
    code: c.code,
    kind: c.kind,
    name: clientName(c),
    civility: c.civility,
    firstname: c.firstname,
    lastname: c.lastname,
    company: c.company,
    email: c.email,
    phone: c.phone,
    mobile: c.mobile,
    typology: c.typology,
    city: main?.city ?? null,
    zipcode: main?.zipcode ?? null,
    department: c.department,
    tags: c.tags ?? [],
    pipe: c.custom?.pipe ?? null,
    agentUserId: c.agentUserId,
    agentName: c.agentUserId ? personName({ firstname: r.agentFirstname, lastname: r.agentLastname, username: r.agentUsername }) : null,
    status: c.status,
    createdAt: iso(c.createdAt)!,
    lastOrderAt: iso(r.lastOrderAt),
    totalSpent: Number(r.totalSpent ?? 0),
  };
}

const nul = <T>(v: T | undefined | null): T | null => (v === undefined ? null : v);

function fullAddress(a: ClientAddress) {
  return {
    kind: a.kind,
    isDefault: !!a.isDefault,
    title: nul(a.title),
    name: nul(a.name),
    streetNumber: nul(a.streetNumber),
    street: nul(a.street),
    street2: nul(a.street2),
    zipcode: nul(a.zipcode),
    city: nul(a.city),
    county: nul(a.county),
    state: nul(a.state),
    stateCode: nul(a.stateCode),
    country: nul(a.country),
    mountain: !!a.mountain,
    exciseNumber: nul(a.exciseNumber),
    phone: nul(a.phone),
    email: nul(a.email),
  };
}

/** Who is calling: the shop, and for an agent their user id (they only reach the clients assigned to them). */
export interface CrmCaller {
  shopId: number;
  userId: number;
  /** set for an agent: every read and write is limited to agentUserId = this id */
  onlyAgent: number | null;
}
export const crmCallerOf = (member: ShopMemberRow): CrmCaller => ({
  shopId: member.shopId,
  userId: member.userId,
  onlyAgent: member.kind === 'agent' ? member.userId : null,
});

/** The client file of a shop. Every query takes the caller's shop; an agent's, their own clients only. */
export function createCrmClientsService(deps: { db: Db }) {
  const { db } = deps;

  async function loadShop(db: DbOrTx, shopId: number): Promise<ShopRow> {
    const shop = await repo.findShop(db, shopId);
    if (!shop) throw notFound();
    return shop;
  }

  async function detail(tx: DbOrTx, caller: CrmCaller, id: number): Promise<CrmClientDetail> {
    const row = await repo.findClient(tx, caller.shopId, id, caller.onlyAgent);
    if (!row) throw notFound(M.notFound);
    const c = row.client;
    // one after the other: `tx` may be a transaction (one connection)
    const shop = await loadShop(tx, caller.shopId);
    const interactions = await repo.listInteractions(tx, caller.shopId, id);
    const buyer = c.userId ? await repo.findUserById(tx, c.userId) : undefined;
    const orders = c.userId ? await repo.ordersOfBuyer(tx, caller.shopId, c.userId) : [];
    const totals = await repo.totalsOfClient(tx, caller.shopId, c);
    const siret = c.siret && /^\d{14}$/.test(c.siret) ? c.siret : null;
    return {
      ...listItem({ ...row, lastOrderAt: totals?.lastOrderAt ?? null, totalSpent: totals?.totalSpent ?? 0 }),
      siret: c.siret,
      siren: siret ? siret.slice(0, 9) : null,
      nic: siret ? siret.slice(9) : null,
      vatNumber: c.vatNumber,
      addresses: (c.addresses ?? []).map(fullAddress),
      contacts: (c.contacts ?? []).map((k) => ({
        civility: nul(k.civility),
        firstname: nul(k.firstname),
        lastname: nul(k.lastname),
        email: nul(k.email),
        phone: nul(k.phone),
        role: nul(k.role),
      })),
      custom: {
        pipe: nul(c.custom?.pipe),
        family: nul(c.custom?.family),
        family2: nul(c.custom?.family2),
        custom: nul(c.custom?.custom),
        custom2: nul(c.custom?.custom2),
        listTag: c.custom?.listTag ?? [],
        listTag2: c.custom?.listTag2 ?? [],
      },
      notes: c.notes,
      marketingConsent: c.marketingConsent,
      marketingConsentAt: iso(c.marketingConsentAt),
      typologyName: c.typology ? (typologiesOf(shop).find((t) => t.id === c.typology)?.name ?? c.typology) : null,
      buyer: buyer ? { id: buyer.id, name: personName(buyer), email: buyer.email } : null,
      erasedAt: iso(c.erasedAt),
      updatedAt: iso(c.updatedAt)!,
      interactions: interactions.map((r) => ({
        id: r.interaction.id,
        kind: r.interaction.kind,
        content: r.interaction.content,
        occurredAt: iso(r.interaction.occurredAt)!,
        taskId: r.interaction.taskId,
        userId: r.interaction.userId,
        userName: r.interaction.userId ? personName({ firstname: r.firstname, lastname: r.lastname, username: r.username }) : null,
      })),
      orders: orders.map((o) => ({ id: o.id, number: o.number, createdAt: iso(o.createdAt)!, status: o.status, totalTTC: o.totalTTC })),
    };
  }

  /** Checks the references of a body (typology of the shop, agent of the shop, buyer account) → the stored columns. */
  async function columnsOf(tx: DbOrTx, caller: CrmCaller, shop: ShopRow, v: CrmClientValues, before?: CrmClientRow) {
    if (v.typology && !typologiesOf(shop).some((t) => t.id === v.typology)) throw bad(M.typologyUnknown, 'typology');
    // an agent's client stays theirs: they can neither give it away nor leave it unassigned
    const agentUserId = caller.onlyAgent ?? v.agentUserId;
    if (
      !caller.onlyAgent &&
      agentUserId &&
      agentUserId !== before?.agentUserId &&
      !(await repo.isShopAgent(tx, caller.shopId, agentUserId))
    )
      throw bad(M.agentUnknown, 'agentUserId');
    // the linked buyer account is only changed by the owner/iam (an agent keeps what is there)
    const userId = caller.onlyAgent ? (before?.userId ?? null) : v.userId;
    if (userId && userId !== before?.userId && !(await repo.findUserById(tx, userId))) throw bad(M.buyerUnknown, 'userId');
    const consentChanged = v.marketingConsent !== (before?.marketingConsent ?? false);
    return {
      kind: v.kind,
      civility: v.civility,
      firstname: v.firstname,
      lastname: v.lastname,
      company: v.company,
      siret: v.siret,
      vatNumber: v.vatNumber,
      email: v.email,
      phone: v.phone,
      mobile: v.mobile,
      typology: v.typology,
      addresses: v.addresses as ClientAddress[],
      contacts: v.contacts,
      custom: v.custom,
      tags: [...new Set(v.tags)],
      notes: v.notes,
      department: departmentOf(v.addresses as ClientAddress[]),
      marketingConsent: v.marketingConsent,
      // RGPD art. 7(1): the controller must be able to show when consent was given
      marketingConsentAt: consentChanged ? (v.marketingConsent ? new Date() : null) : (before?.marketingConsentAt ?? null),
      agentUserId,
      userId,
      status: v.status,
    };
  }

  return {
    async list(caller: CrmCaller, q: repo.CrmClientsQuery): Promise<Paginated<CrmClientListItem>> {
      const compute = async () => {
        const { rows, total } = await repo.listClients(db, caller.shopId, caller.onlyAgent, q);
        return paginated(rows.map(listItem), total, q);
      };
      // kept per shop, agent and query until the shop's clients or orders change (migration 0017 and 0013); an agent's
      // renamed account shows with the shop's next change
      const cache = answerCacheFor(db, 'crm-clients', CLIENT_LIST_TABLES);
      if (!cache) return compute();
      return cache.get(`${caller.shopId}|${caller.onlyAgent ?? ''}|${JSON.stringify(q)}`, async () => {
        const value = await compute();
        return { value, shops: [caller.shopId], bytes: JSON.stringify(value).length * 2 };
      });
    },

    get: (caller: CrmCaller, id: number) => detail(db, caller, id),

    /** The client code (settings crm prefix + per-shop sequence) is given inside the transaction: no duplicate under concurrency. */
    async create(caller: CrmCaller, v: CrmClientValues): Promise<CrmClientSaved> {
      return db.transaction(async (tx) => {
        const shop = await loadShop(tx, caller.shopId);
        const cols = await columnsOf(tx, caller, shop, v);
        const n = await repo.nextClientNumber(tx, caller.shopId);
        const row = await repo.insertClient(tx, {
          ...cols,
          shopId: caller.shopId,
          code: clientCode(codePrefixOf(shop), n),
          createdBy: caller.userId,
        });
        return { ...(await detail(tx, caller, row.id)), message: M.created };
      });
    },

    async update(caller: CrmCaller, id: number, v: CrmClientValues): Promise<CrmClientSaved> {
      return db.transaction(async (tx) => {
        const row = await repo.findClient(tx, caller.shopId, id, caller.onlyAgent, true);
        if (!row) throw notFound(M.notFound);
        if (row.client.status === 'erased') throw new HttpError(409, M.erased);
        const shop = await loadShop(tx, caller.shopId);
        await repo.updateClient(tx, caller.shopId, id, await columnsOf(tx, caller, shop, v, row.client));
        return { ...(await detail(tx, caller, id)), message: M.updated };
      });
    },

    /** assignAgent / addTag / archive on the caller's visible clients (others are ignored: never reached). */
    async bulk(
      caller: CrmCaller,
      body: { ids: number[]; action: 'assignAgent' | 'addTag' | 'archive'; value?: string | number | null },
    ): Promise<CrmBulkResult> {
      if (body.action === 'assignAgent' && caller.onlyAgent) throw forbidden(M.agentCannotAssign);
      return db.transaction(async (tx) => {
        const ids = await repo.visibleIds(tx, caller.shopId, [...new Set(body.ids)], caller.onlyAgent);
        if (body.action === 'assignAgent') {
          const agent = typeof body.value === 'number' ? body.value : null;
          if (agent && !(await repo.isShopAgent(tx, caller.shopId, agent))) throw bad(M.agentUnknown, 'value');
          await repo.bulkUpdate(tx, caller.shopId, ids, { agentUserId: agent });
        } else if (body.action === 'addTag') await repo.bulkAddTag(tx, caller.shopId, ids, String(body.value).trim());
        else await repo.bulkUpdate(tx, caller.shopId, ids, { status: 'archived' });
        return { success: true as const, message: M.bulkDone(ids.length), updated: ids.length };
      });
    },

    async addInteraction(
      caller: CrmCaller,
      id: number,
      body: { kind: CrmInteractionKind; content: string | null; occurredAt: string | null },
    ): Promise<CrmClientSaved> {
      return db.transaction(async (tx) => {
        const row = await repo.findClient(tx, caller.shopId, id, caller.onlyAgent);
        if (!row) throw notFound(M.notFound);
        if (row.client.status === 'erased') throw new HttpError(409, M.erased);
        await repo.insertInteractions(tx, [
          {
            shopId: caller.shopId,
            clientId: id,
            kind: body.kind,
            content: body.content,
            occurredAt: body.occurredAt ? new Date(body.occurredAt) : new Date(),
            userId: caller.userId,
          },
        ]);
        return { ...(await detail(tx, caller, id)), message: M.interactionAdded };
      });
    },

    /** A prospect becomes a professional (default) or a private client; it keeps its code, interactions and agent. */
    async convert(caller: CrmCaller, id: number, kind: 'professional' | 'private'): Promise<CrmClientSaved> {
      return db.transaction(async (tx) => {
        const row = await repo.findClient(tx, caller.shopId, id, caller.onlyAgent, true);
        if (!row) throw notFound(M.notFound);
        const c = row.client;
        if (c.status === 'erased') throw new HttpError(409, M.erased);
        if (c.kind !== 'prospect') throw new HttpError(409, M.notProspect);
        if (kind === 'private' && !c.lastname) throw bad('Ce champ ne peut pas être vide', 'lastname');
        const custom = c.custom?.pipe ? { ...c.custom, pipe: 'Client' } : c.custom;
        await repo.updateClient(tx, caller.shopId, id, { kind, custom });
        return { ...(await detail(tx, caller, id)), message: M.converted };
      });
    },

    /**
     * RGPD art. 15 (right of access) and art. 20 (right to data portability): every piece of data held about the client,
     * in a structured, commonly used and machine-readable format (JSON).
     */
    async exportData(caller: CrmCaller, id: number) {
      const d = await detail(db, caller, id);
      const shop = await loadShop(db, caller.shopId);
      return {
        filename: `client-${d.code ?? d.id}.json`,
        data: {
          exportedAt: new Date().toISOString(),
          legalBasis: 'RGPD (UE 2016/679) art. 15 — droit d’accès, art. 20 — droit à la portabilité',
          controller: { shopId: shop.id, name: shop.name, contactEmail: shop.contactEmail ?? null },
          client: d,
        },
      };
    },

    /**
     * RGPD art. 17 (right to erasure): the personal fields are anonymised (names → 'Client effacé', email, phones,
     * addresses, contacts, notes, custom fields, tags → empty), the interactions lose their content, the link to the
     * buyer account is cut. Orders and invoices are legal documents (Code de commerce L123-22: 10-year retention;
     * art. 17(3)(b) RGPD: legal obligation) and stay untouched.
     */
    async erase(caller: CrmCaller, id: number): Promise<CrmClientSaved> {
      return db.transaction(async (tx) => {
        const row = await repo.findClient(tx, caller.shopId, id, caller.onlyAgent, true);
        if (!row) throw notFound(M.notFound);
        if (row.client.status === 'erased') throw new HttpError(409, M.alreadyErased);
        const company = row.client.kind === 'private' ? null : ERASED_CLIENT_NAME;
        await repo.updateClient(tx, caller.shopId, id, {
          civility: null,
          firstname: null,
          lastname: ERASED_CLIENT_NAME,
          company,
          siret: null,
          vatNumber: null,
          email: null,
          phone: null,
          mobile: null,
          addresses: [],
          contacts: [],
          custom: { listTag: [], listTag2: [] },
          tags: [],
          notes: null,
          department: null,
          marketingConsent: false,
          marketingConsentAt: null,
          userId: null,
          status: 'erased',
          erasedAt: new Date(),
        });
        await repo.clearInteractionContents(tx, caller.shopId, id);
        return { ...(await detail(tx, caller, id)), message: M.erasedDone };
      });
    },
  };
}
export type CrmClientsService = ReturnType<typeof createCrmClientsService>;
