import {
  MARKETING_MESSAGES as M,
  SAMPLE_MERGE_VALUES,
  UNMAILABLE_LABELS,
  unknownMergeFields,
  type EmailBlock,
  type EmailModelDetail,
  type EmailModelSummary,
  type MarketingListCount,
  type MarketingListDetail,
  type MarketingListFilters,
  type MarketingListMember,
  type MarketingListSummary,
  type Paginated,
} from 'shared-kernel/contracts';
import { writeCsv } from 'shared-kernel/domain';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../platform/db/client';
import { badRequest, HttpError, notFound } from '../../platform/errors';
import { paginated } from '../../platform/list-query';
import { getProduct } from '../catalog';
import { clientName } from '../clients';
import { renderBlocks, type ProductCard, type RenderContext } from './marketing.mjml';
import * as repo from './marketing.repository';
import { applyMergeFields, sanitizeEmailHtml } from './marketing.sanitize';
import type {
  emailModelInputSchema,
  emailPreviewInputSchema,
  ListsListQuery,
  marketingListInputSchema,
  marketingListUpdateSchema,
  MembersListQuery,
  ModelsListQuery,
  PickerQuery,
} from './marketing.schemas';

type ListInput = z.output<typeof marketingListInputSchema>;
type ListUpdate = z.output<typeof marketingListUpdateSchema>;
type ModelInput = z.output<typeof emailModelInputSchema>;
type PreviewInput = z.output<typeof emailPreviewInputSchema>;

const iso = (d: Date) => d.toISOString();

export const targetOf = (l: repo.ListRow): repo.ListTarget =>
  l.kind === 'static' ? { id: l.id, kind: 'static' } : { id: l.id, kind: 'dynamic', filters: (l.filters ?? {}) as MarketingListFilters };

function countOf(row: repo.CountRow): MarketingListCount {
  return {
    total: row.total,
    recipients: row.recipients,
    duplicates: row.mailable - row.recipients,
    cannotBeMailed: { noEmail: row.noEmail, unsubscribed: row.unsubscribed, bounced: row.bounced, noConsent: row.noConsent },
  };
}

function summaryOf(l: repo.ListRow, memberCount: number | null): MarketingListSummary {
  return {
    id: l.id,
    name: l.name,
    kind: l.kind,
    filters: l.kind === 'dynamic' ? ((l.filters ?? {}) as MarketingListFilters) : {},
    memberCount: l.kind === 'static' ? memberCount : null,
    createdAt: iso(l.createdAt),
    updatedAt: iso(l.updatedAt),
  };
}

const modelSummary = (m: Pick<repo.ModelRow, 'id' | 'name' | 'kind' | 'subject' | 'createdAt' | 'updatedAt'>): EmailModelSummary => ({
  id: m.id,
  name: m.name,
  kind: m.kind,
  subject: m.subject,
  createdAt: iso(m.createdAt),
  updatedAt: iso(m.updatedAt),
});

/** The §3 merge fields' values of a client (documentNumber and amount belong to documents: empty in a campaign). */
export function fieldsOf(
  c: { firstname: string | null; lastname: string | null; company: string | null; phone: string | null; mobile: string | null },
  email: string,
  shopName: string,
): Record<string, string> {
  return {
    firstname: c.firstname ?? '',
    lastname: c.lastname ?? '',
    shopName,
    businessName: c.company ?? '',
    businessReason: c.company ?? '',
    email,
    phone: c.mobile || c.phone || '',
    documentNumber: '',
    amount: '',
    signature: shopName,
  };
}

/**
 * Recipients of lists (the campaigns call it): one per lower-cased address, only active client files with an address,
 * marketing consent, not unsubscribed from the shop nor bounced; `fields` = the §3 merge fields' values. Lists of
 * another shop are ignored.
 */
export async function recipientsOfLists(
  db: DbOrTx,
  shopId: number,
  listIds: number[],
): Promise<Array<{ clientId: number; email: string; fields: Record<string, string> }>> {
  const lists = await repo.findLists(db, shopId, [...new Set(listIds)]);
  if (!lists.length) return [];
  const [shop, rows] = await Promise.all([repo.findShop(db, shopId), repo.mailableRecipients(db, shopId, lists.map(targetOf))]);
  const shopName = shop?.name ?? '';
  return rows.map((r) => ({ clientId: r.clientId, email: r.email, fields: fieldsOf(r, r.email, shopName) }));
}

/** A model's email HTML sanitised again (404 when it is not the shop's). */
export async function renderModel(db: DbOrTx, shopId: number, modelId: number): Promise<{ subject: string | null; html: string }> {
  const m = await repo.findModel(db, shopId, modelId);
  if (!m) throw notFound(M.modelNotFound);
  return { subject: m.subject, html: sanitizeEmailHtml(m.html) };
}

/** The places a template holds text, with the field name a 400 names. */
function textsOf(input: { subject?: string | null; blocks: EmailBlock[]; html: string; kind: string }): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  if (input.subject) out.push(['subject', input.subject]);
  if (input.kind === 'advanced') out.push(['html', input.html]);
  else
    input.blocks.forEach((b, i) => {
      const at = (k: string) => `blocks.${i}.${k}`;
      if (b.type === 'heading') out.push([at('text'), b.text]);
      if (b.type === 'text') out.push([at('html'), b.html]);
      if (b.type === 'columns') out.push([at('left'), b.left], [at('right'), b.right]);
      if (b.type === 'button') out.push([at('label'), b.label], [at('href'), b.href]);
      if (b.type === 'image') out.push([at('alt'), b.alt ?? ''], [at('src'), b.src], [at('href'), b.href ?? '']);
    });
  return out;
}

function checkMergeFields(input: Parameters<typeof textsOf>[0]): void {
  for (const [field, text] of textsOf(input)) {
    const unknown = unknownMergeFields(text);
    if (unknown.length) throw badRequest(M.unknownMergeField(unknown[0]), field);
  }
}

const euros = (cents: number) => `${(cents / 100).toFixed(2).replace('.', ',')} €`;

export function createMarketingService(deps: { db: Db; publicUrl: string }) {
  const { db, publicUrl } = deps;
  const absolute = (u: string | null | undefined) =>
    !u ? null : /^https?:\/\//i.test(u) ? u : u.startsWith('/') ? `${publicUrl}${u}` : null;

  async function listOrThrow(shopId: number, id: number) {
    const l = await repo.findList(db, shopId, id);
    if (!l) throw notFound(M.listNotFound);
    return l;
  }

  async function listDetail(shopId: number, id: number): Promise<MarketingListDetail> {
    const l = await listOrThrow(shopId, id);
    const [count, members] = await Promise.all([
      repo.countMembers(db, shopId, [targetOf(l)]),
      l.kind === 'static' ? repo.staticMemberCount(db, l.id) : Promise.resolve(null),
    ]);
    return { ...summaryOf(l, members), count: countOf(count) };
  }

  async function checkClients(shopId: number, ids: number[]): Promise<number[]> {
    const unique = [...new Set(ids)];
    const found = await repo.clientIdsOfShop(db, shopId, unique);
    const missing = unique.find((id) => !found.has(id));
    if (missing !== undefined) throw badRequest(M.clientNotFound(missing), 'clientIds');
    return unique;
  }

  async function checkProducts(shopId: number, blocks: EmailBlock[]) {
    const ids = blocks.flatMap((b) => (b.type === 'product' ? [b.productId] : []));
    const found = await repo.productIdsOfShop(db, shopId, ids);
    blocks.forEach((b, i) => {
      if (b.type === 'product' && !found.has(b.productId)) throw badRequest(M.productNotFound, `blocks.${i}.productId`);
    });
  }

  async function renderContext(shopId: number, blocks: EmailBlock[]): Promise<RenderContext & { urlShop: string }> {
    const shop = await repo.findShop(db, shopId);
    const edited = (shop?.editedShop ?? {}) as { color?: unknown; logo?: unknown };
    const cards = new Map<number, ProductCard>();
    for (const b of blocks) {
      if (b.type !== 'product' || cards.has(b.productId)) continue;
      try {
        const p = await getProduct(db, { memberships: [] }, b.productId);
        if (p.shopId !== shopId) continue;
        const price = p.formats.find((f) => f.price)?.price ?? null;
        cards.set(b.productId, {
          name: p.name,
          price: price ? `${euros(price.priceCents)}${price.ttc ? '' : ' HT'}` : null,
          url: `${publicUrl}/${shop?.urlShop ?? ''}/${p.id}`,
          image: absolute(p.visuals[0] ?? null),
        });
      } catch (err) {
        // a product that is not public (paused, empty…): no card
        if (!(err instanceof HttpError)) throw err;
      }
    }
    return {
      shopName: shop?.name ?? '',
      color: typeof edited.color === 'string' ? edited.color : '#7b1e3a',
      logoUrl: typeof edited.logo === 'string' ? absolute(edited.logo) : null,
      products: cards,
      urlShop: shop?.urlShop ?? '',
    };
  }

  /** The sanitised email HTML of a template's content. */
  async function htmlOf(shopId: number, input: { kind: string; blocks: EmailBlock[]; html: string }): Promise<string> {
    if (input.kind === 'advanced') return sanitizeEmailHtml(input.html);
    return sanitizeEmailHtml(await renderBlocks(input.blocks, await renderContext(shopId, input.blocks)));
  }

  async function modelOrThrow(shopId: number, id: number) {
    const m = await repo.findModel(db, shopId, id);
    if (!m) throw notFound(M.modelNotFound);
    return m;
  }
  const modelDetail = (m: repo.ModelRow): EmailModelDetail => ({
    ...modelSummary(m),
    blocks: (m.blocks ?? []) as EmailBlock[],
    html: m.html,
  });

  async function sample(shopId: number, html: string): Promise<string> {
    const shop = await repo.findShop(db, shopId);
    const name = shop?.name ?? SAMPLE_MERGE_VALUES.shopName;
    return applyMergeFields(html, { ...SAMPLE_MERGE_VALUES, shopName: name, signature: `L'équipe de ${name}` });
  }

  return {
    // ------------------------------------------------------------ lists
    async lists(shopId: number, q: ListsListQuery): Promise<Paginated<MarketingListSummary>> {
      const { rows, total } = await repo.listLists(db, shopId, q);
      return paginated(
        rows.map((r) => summaryOf(r.list, Number(r.memberCount))),
        total,
        q,
      );
    },
    listDetail,

    async createList(shopId: number, userId: number | null, input: ListInput) {
      const ids = input.kind === 'static' && input.clientIds?.length ? await checkClients(shopId, input.clientIds) : [];
      const id = await db.transaction(async (tx) => {
        const l = await repo.insertList(tx, {
          shopId,
          name: input.name,
          kind: input.kind,
          filters: input.kind === 'dynamic' ? (input.filters as Record<string, unknown>) : {},
          createdBy: userId,
        });
        if (ids.length) await repo.addMembers(tx, l.id, ids);
        return l.id;
      });
      return { ...(await listDetail(shopId, id)), message: 'Liste créée' };
    },

    async updateList(shopId: number, id: number, input: ListUpdate) {
      const l = await listOrThrow(shopId, id);
      await repo.updateList(db, shopId, id, {
        name: input.name,
        ...(l.kind === 'dynamic' ? { filters: input.filters as Record<string, unknown> } : {}),
      });
      return { ...(await listDetail(shopId, id)), message: 'Liste mise à jour' };
    },

    async deleteList(shopId: number, id: number) {
      if (!(await repo.deleteList(db, shopId, id))) throw notFound(M.listNotFound);
      return { success: true as const, message: 'Liste supprimée' };
    },

    async count(shopId: number, id: number): Promise<MarketingListCount> {
      const l = await listOrThrow(shopId, id);
      return countOf(await repo.countMembers(db, shopId, [targetOf(l)]));
    },

    /** The count of unsaved filters (the dynamic list editor). */
    async previewCount(shopId: number, filters: MarketingListFilters): Promise<MarketingListCount> {
      return countOf(await repo.countMembers(db, shopId, [{ id: 0, kind: 'dynamic', filters }]));
    },

    async members(shopId: number, id: number, q: MembersListQuery): Promise<Paginated<MarketingListMember>> {
      const l = await listOrThrow(shopId, id);
      const { rows, total } = await repo.listMembers(db, shopId, targetOf(l), q);
      return paginated(
        rows.map((r) => ({
          clientId: r.clientId,
          name: clientName({ kind: r.kind as 'private', company: r.company, firstname: r.firstname, lastname: r.lastname }),
          email: r.email,
          kind: r.kind,
          typology: r.typology,
          reason: r.reason,
        })),
        total,
        q,
      );
    },

    async addMembers(shopId: number, id: number, clientIds: number[]) {
      const l = await listOrThrow(shopId, id);
      if (l.kind !== 'static') throw badRequest(M.staticOnly, 'clientIds');
      const ids = await checkClients(shopId, clientIds);
      const added = await repo.addMembers(db, l.id, ids);
      await repo.updateList(db, shopId, id, {});
      return {
        added,
        message: added
          ? `${added} client${added > 1 ? 's' : ''} ajouté${added > 1 ? 's' : ''} à la liste`
          : 'Ces clients sont déjà dans la liste',
      };
    },

    async removeMembers(shopId: number, id: number, clientIds: number[]) {
      const l = await listOrThrow(shopId, id);
      if (l.kind !== 'static') throw badRequest(M.staticOnly, 'clientIds');
      const removed = await repo.removeMembers(db, l.id, [...new Set(clientIds)]);
      await repo.updateList(db, shopId, id, {});
      return { removed, message: `${removed} client${removed > 1 ? 's' : ''} retiré${removed > 1 ? 's' : ''} de la liste` };
    },

    /** The members as CSV (`;`, UTF-8 BOM): name, mail, phone, kind, typology, whether they get the mail. */
    async exportCsv(shopId: number, id: number): Promise<{ filename: string; csv: string }> {
      const l = await listOrThrow(shopId, id);
      const rows = await repo.allMembers(db, shopId, targetOf(l));
      const kinds: Record<string, string> = { private: 'Particulier', professional: 'Professionnel', prospect: 'Prospect' };
      const csv = writeCsv(
        ['Nom', 'Prénom', 'Société', 'Mail', 'Téléphone', 'Type', 'Typologie', 'Envoi'],
        rows.map((r) => [
          r.lastname,
          r.firstname,
          r.company,
          r.email,
          r.mobile || r.phone,
          kinds[r.kind] ?? r.kind,
          r.typology,
          r.reason ? UNMAILABLE_LABELS[r.reason] : 'Oui',
        ]),
      );
      const slug =
        l.name
          .normalize('NFD')
          .replace(/[\u0300-\u036f]/g, '')
          .replace(/[^a-z0-9]+/gi, '-')
          .replace(/^-|-$/g, '')
          .toLowerCase() || 'liste';
      return { filename: `liste-${slug}.csv`, csv: `${csv}\r\n` };
    },

    async pickClients(shopId: number, q: PickerQuery) {
      const { rows, total } = await repo.searchClients(db, shopId, q.q, q.pageSize, q.offset, q.filters.city);
      return paginated(
        rows.map((c) => ({ id: c.id, name: clientName(c), email: c.email, kind: c.kind, marketingConsent: c.marketingConsent })),
        total,
        q,
      );
    },

    // ------------------------------------------------------------ models
    async models(shopId: number, q: ModelsListQuery): Promise<Paginated<EmailModelSummary>> {
      const { rows, total } = await repo.listModels(db, shopId, q);
      return paginated(rows.map(modelSummary), total, q);
    },

    async model(shopId: number, id: number): Promise<EmailModelDetail> {
      return modelDetail(await modelOrThrow(shopId, id));
    },

    async createModel(shopId: number, input: ModelInput) {
      checkMergeFields(input);
      const blocks = input.kind === 'standard' ? input.blocks : [];
      await checkProducts(shopId, blocks);
      const html = await htmlOf(shopId, { ...input, blocks });
      const m = await repo.insertModel(db, { shopId, name: input.name, kind: input.kind, subject: input.subject, blocks, html });
      return { ...modelDetail(m), message: 'Modèle créé' };
    },

    async updateModel(shopId: number, id: number, input: ModelInput) {
      await modelOrThrow(shopId, id);
      checkMergeFields(input);
      const blocks = input.kind === 'standard' ? input.blocks : [];
      await checkProducts(shopId, blocks);
      const html = await htmlOf(shopId, { ...input, blocks });
      const m = await repo.updateModel(db, shopId, id, { name: input.name, kind: input.kind, subject: input.subject, blocks, html });
      if (!m) throw notFound(M.modelNotFound);
      return { ...modelDetail(m), message: 'Modèle enregistré' };
    },

    async deleteModel(shopId: number, id: number) {
      if (!(await repo.deleteModel(db, shopId, id))) throw notFound(M.modelNotFound);
      return { success: true as const, message: 'Modèle supprimé' };
    },

    /** A saved model with sample merge values. */
    async preview(shopId: number, id: number) {
      const m = await modelOrThrow(shopId, id);
      return { subject: m.subject, html: await sample(shopId, sanitizeEmailHtml(m.html)) };
    },

    /** The editor's unsaved content rendered, sanitised, with sample merge values (unknown fields refused). */
    async previewDraft(shopId: number, input: PreviewInput) {
      checkMergeFields(input);
      const blocks = input.kind === 'standard' ? input.blocks : [];
      await checkProducts(shopId, blocks);
      return { html: await sample(shopId, await htmlOf(shopId, { ...input, blocks })) };
    },

    async pickProducts(shopId: number, q: string | undefined) {
      return { items: await repo.searchProducts(db, shopId, q, 20) };
    },
  };
}

export type MarketingService = ReturnType<typeof createMarketingService>;
