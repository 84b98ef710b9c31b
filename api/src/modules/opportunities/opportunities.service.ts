import {
  CRM_SETTINGS_MESSAGES as S,
  OPPORTUNITY_MESSAGES as M,
  crmSettingsOf,
  quoteLinkFor,
  stageKeyFor,
  weightedCentsOf,
  type CrmSettings,
  type CrmSettingsSaved,
  type CrmSettingsValues,
  type Opportunity,
  type OpportunityBoard,
  type OpportunityColumn,
  type OpportunitySaved,
  type OpportunityStage,
  type OpportunityValues,
  type OpportunityWon,
} from 'shared-kernel/contracts';
import type { Db, DbOrTx } from '../../platform/db/client';
import type { ShopMemberRow } from '../../platform/db/tables';
import { HttpError, badRequest, notFound } from '../../platform/errors';
import { clientName } from '../clients';
import * as repo from './opportunities.repository';

const iso = (d: Date | string | null): string | null =>
  d === null ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString();

function personName(first: string | null, last: string | null, username: string | null): string {
  return [first, last].filter(Boolean).join(' ').trim() || username || '—';
}

function toOpportunity(r: repo.OpportunityListRow): Opportunity {
  const o = r.opportunity;
  return {
    id: o.id,
    title: o.title,
    clientId: o.clientId,
    clientName:
      o.clientId === null
        ? null
        : clientName({
            kind: (r.clientKind ?? 'private') as 'private',
            company: r.clientCompany,
            firstname: r.clientFirstname,
            lastname: r.clientLastname,
          }),
    stage: o.stage,
    position: o.position,
    amountCents: o.amountCents,
    probability: o.probability,
    weightedCents: weightedCentsOf(o.amountCents, o.probability),
    expectedDate: o.expectedDate ?? null,
    owner: o.ownerId === null ? null : { id: o.ownerId, name: personName(r.ownerFirstname, r.ownerLastname, r.ownerUsername) },
    status: o.status,
    lostReason: o.lostReason,
    quoteId: o.quoteId,
    notes: o.notes,
    closedAt: iso(o.closedAt),
    createdAt: iso(o.createdAt)!,
    updatedAt: iso(o.updatedAt)!,
  };
}

/** §6: an agent reaches only the opportunities of the clients assigned to them, or owned by them. */
export const viewerOf = (member: ShopMemberRow): repo.OpportunityViewer => ({
  shopId: member.shopId,
  userId: member.userId,
  onlyAgent: member.kind === 'agent' ? member.userId : null,
});

const conflict = (message: string, field?: string) => new HttpError(409, message, field);

export function createOpportunitiesService({ db }: { db: Db }) {
  async function settingsOf(tx: DbOrTx, shopId: number): Promise<CrmSettings> {
    const shop = await repo.findShop(tx, shopId);
    if (!shop) throw notFound();
    return crmSettingsOf((shop.settings as Record<string, unknown> | null)?.crm);
  }

  async function load(tx: DbOrTx, v: repo.OpportunityViewer, id: number): Promise<repo.OpportunityListRow> {
    const row = await repo.findOpportunity(tx, v, id);
    if (!row) throw notFound(M.notFound);
    return row;
  }

  const stageOf = (stages: OpportunityStage[], key: string | undefined, field = 'stage'): string => {
    if (key === undefined) return stages[0].key;
    if (!stages.some((s) => s.key === key)) throw badRequest(M.stage, field);
    return key;
  };

  /** Checks the client and the owner of a body; answers the owner to store. */
  async function checkRefs(
    tx: DbOrTx,
    member: ShopMemberRow,
    body: OpportunityValues,
    currentOwner?: number | null,
  ): Promise<number | null> {
    const v = viewerOf(member);
    // another shop's client (or, for an agent, a client not assigned to them) is not found
    if (body.clientId !== null && !(await repo.clientOfShop(tx, member.shopId, body.clientId, v.onlyAgent)))
      throw new HttpError(404, M.clientNotFound, 'clientId');
    const owner = body.ownerId === undefined ? (currentOwner !== undefined ? currentOwner : member.userId) : body.ownerId;
    if (v.onlyAgent !== null && owner !== member.userId && owner !== currentOwner) throw badRequest(M.agentOwner, 'ownerId');
    if (owner !== null && owner !== currentOwner && !(await repo.isTeamMember(tx, member.shopId, owner)))
      throw badRequest(M.owner, 'ownerId');
    return owner;
  }

  async function saved(tx: DbOrTx, member: ShopMemberRow, id: number, message: string): Promise<OpportunitySaved> {
    // after a change an agent may no longer see it (another client): answer it anyway, it is theirs to have just edited
    const row = await repo.findOpportunity(tx, { ...viewerOf(member), onlyAgent: null }, id);
    return { ...toOpportunity(row!), message };
  }

  return {
    // ----------------------------------------------------------------------------------------------- settings
    async getSettings(member: ShopMemberRow): Promise<CrmSettings> {
      return settingsOf(db, member.shopId);
    },

    /** Saves shops.settings.crm, keeping every other key of settings and of settings.crm. */
    async saveSettings(member: ShopMemberRow, body: CrmSettingsValues): Promise<CrmSettingsSaved> {
      return db.transaction(async (tx) => {
        const shop = await repo.findShop(tx, member.shopId, true);
        if (!shop) throw notFound();
        const settings = (shop.settings ?? {}) as Record<string, unknown>;
        const storedCrm = settings.crm && typeof settings.crm === 'object' ? (settings.crm as Record<string, unknown>) : {};
        const current = crmSettingsOf(storedCrm);
        const currentKeys = new Set(current.opportunityStages.map((s) => s.key));

        // existing stages keep their key; new ones get one from their label
        const taken = new Set(currentKeys);
        const stages: OpportunityStage[] = body.opportunityStages.map((s, i) => {
          if (s.key) {
            if (!currentKeys.has(s.key)) throw badRequest(S.unknownStageKey, `opportunityStages.${i}.key`);
            return { key: s.key, label: s.label };
          }
          const key = stageKeyFor(s.label, taken);
          taken.add(key);
          return { key, label: s.label };
        });
        const kept = new Set(stages.map((s) => s.key));
        if (kept.size !== stages.length) throw badRequest(S.duplicateStage, 'opportunityStages');

        // a stage that still holds open opportunities cannot go
        const removed = current.opportunityStages.filter((s) => !kept.has(s.key));
        if (removed.length) {
          const counts = await repo.openCountsByStage(tx, member.shopId);
          for (const s of removed) {
            const n = counts.get(s.key) ?? 0;
            if (n > 0) throw conflict(S.stageInUse(s.label, n), 'opportunityStages');
          }
        }

        const crm = {
          ...storedCrm,
          clientCodePrefix: body.clientCodePrefix || current.clientCodePrefix,
          customFields: { ...((storedCrm.customFields as object | undefined) ?? {}), ...body.customFields },
          opportunityStages: stages,
        };
        await repo.saveShopSettings(tx, member.shopId, { ...settings, crm });
        return { ...crmSettingsOf(crm), message: S.saved };
      });
    },

    // ----------------------------------------------------------------------------------------------- board
    async board(member: ShopMemberRow, f: repo.BoardFilters): Promise<OpportunityBoard> {
      const [settings, rows] = await Promise.all([settingsOf(db, member.shopId), repo.listBoard(db, viewerOf(member), f)]);
      const columns: OpportunityColumn[] = settings.opportunityStages.map((s) => ({
        key: s.key,
        label: s.label,
        count: 0,
        amountCents: 0,
        weightedCents: 0,
        items: [],
      }));
      const byKey = new Map(columns.map((c) => [c.key, c]));
      for (const r of rows) {
        const o = toOpportunity(r);
        let col = byKey.get(o.stage);
        if (!col) {
          // a stage removed since (closed opportunities keep it); an open one lands in the first column
          if (f.status === 'open') col = columns[0];
          else {
            col = { key: o.stage, label: o.stage, count: 0, amountCents: 0, weightedCents: 0, items: [] };
            columns.push(col);
            byKey.set(o.stage, col);
          }
        }
        col.items.push(o);
        col.count += 1;
        col.amountCents += o.amountCents;
        col.weightedCents += o.weightedCents;
      }
      const totals = columns.reduce(
        (t, c) => ({
          count: t.count + c.count,
          amountCents: t.amountCents + c.amountCents,
          weightedCents: t.weightedCents + c.weightedCents,
        }),
        { count: 0, amountCents: 0, weightedCents: 0 },
      );
      return { status: f.status, stages: columns, totals };
    },

    async get(member: ShopMemberRow, id: number): Promise<Opportunity> {
      return toOpportunity(await load(db, viewerOf(member), id));
    },

    async create(member: ShopMemberRow, body: OpportunityValues): Promise<OpportunitySaved> {
      return db.transaction(async (tx) => {
        const settings = await settingsOf(tx, member.shopId);
        const stage = stageOf(settings.opportunityStages, body.stage);
        const ownerId = await checkRefs(tx, member, body);
        const row = await repo.insertOpportunity(tx, {
          shopId: member.shopId,
          title: body.title,
          clientId: body.clientId,
          stage,
          position: await repo.nextPosition(tx, member.shopId, stage),
          amountCents: body.amountCents,
          probability: body.probability,
          expectedDate: body.expectedDate,
          ownerId,
          notes: body.notes,
          createdBy: member.userId,
        });
        return saved(tx, member, row.id, M.created);
      });
    },

    async update(member: ShopMemberRow, id: number, body: OpportunityValues): Promise<OpportunitySaved> {
      const v = viewerOf(member);
      return db.transaction(async (tx) => {
        const current = (await load(tx, v, id)).opportunity;
        const settings = await settingsOf(tx, member.shopId);
        const ownerId = await checkRefs(tx, member, body, current.ownerId);
        const values: Parameters<typeof repo.updateOpportunity>[3] = {
          title: body.title,
          clientId: body.clientId,
          amountCents: body.amountCents,
          probability: body.probability,
          expectedDate: body.expectedDate,
          ownerId,
          notes: body.notes,
        };
        if (body.stage !== undefined && body.stage !== current.stage) {
          if (current.status !== 'open') throw conflict(M.notOpen, 'stage');
          values.stage = stageOf(settings.opportunityStages, body.stage);
          values.position = await repo.nextPosition(tx, member.shopId, values.stage);
        }
        await repo.updateOpportunity(tx, member.shopId, id, values);
        return saved(tx, member, id, M.updated);
      });
    },

    /**
     * Moves an open opportunity to `stage` at index `position` of that column as the caller sees it (an agent sees part
     * of it): it goes right before the opportunity the caller sees at that index, or after the last one they see.
     * The whole column is renumbered (and the one it left).
     */
    async move(member: ShopMemberRow, id: number, body: { stage: string; position: number }): Promise<OpportunitySaved> {
      const v = viewerOf(member);
      return db.transaction(async (tx) => {
        const current = (await load(tx, v, id)).opportunity;
        if (current.status !== 'open') throw conflict(M.notOpen);
        const settings = await settingsOf(tx, member.shopId);
        const stage = stageOf(settings.opportunityStages, body.stage);
        const column = (await repo.openColumn(tx, member.shopId, stage)).filter((o) => o.id !== id);
        const visible = v.onlyAgent === null ? column : column.filter((o) => o.clientAgent === v.onlyAgent || o.ownerId === v.onlyAgent);
        let at: number;
        if (body.position < visible.length) at = column.findIndex((o) => o.id === visible[body.position].id);
        else if (visible.length) at = column.findIndex((o) => o.id === visible[visible.length - 1].id) + 1;
        else at = column.length;
        const ids = column.map((o) => o.id);
        ids.splice(at, 0, id);
        await repo.renumber(tx, member.shopId, stage, ids);
        if (current.stage !== stage) {
          const left = await repo.openColumn(tx, member.shopId, current.stage);
          await repo.renumber(
            tx,
            member.shopId,
            current.stage,
            left.map((o) => o.id),
          );
        }
        return saved(tx, member, id, M.moved);
      });
    },

    async won(member: ShopMemberRow, id: number): Promise<OpportunityWon> {
      const v = viewerOf(member);
      return db.transaction(async (tx) => {
        const current = (await load(tx, v, id)).opportunity;
        if (current.status !== 'open') throw conflict(M.notOpen);
        await repo.updateOpportunity(tx, member.shopId, id, { status: 'won', closedAt: new Date(), lostReason: null });
        const answer = await saved(tx, member, id, M.won);
        return { ...answer, quoteLink: quoteLinkFor(answer.clientId) };
      });
    },

    async lost(member: ShopMemberRow, id: number, reason: string): Promise<OpportunitySaved> {
      const v = viewerOf(member);
      return db.transaction(async (tx) => {
        const current = (await load(tx, v, id)).opportunity;
        if (current.status !== 'open') throw conflict(M.notOpen);
        await repo.updateOpportunity(tx, member.shopId, id, { status: 'lost', closedAt: new Date(), lostReason: reason });
        return saved(tx, member, id, M.lost);
      });
    },

    async reopen(member: ShopMemberRow, id: number): Promise<OpportunitySaved> {
      const v = viewerOf(member);
      return db.transaction(async (tx) => {
        const current = (await load(tx, v, id)).opportunity;
        if (current.status === 'open') throw conflict(M.notClosed);
        const settings = await settingsOf(tx, member.shopId);
        // its stage may have been removed since: back to the first one
        const stage = settings.opportunityStages.some((s) => s.key === current.stage) ? current.stage : settings.opportunityStages[0].key;
        await repo.updateOpportunity(tx, member.shopId, id, {
          status: 'open',
          closedAt: null,
          lostReason: null,
          stage,
          position: await repo.nextPosition(tx, member.shopId, stage),
        });
        return saved(tx, member, id, M.reopened);
      });
    },

    async remove(member: ShopMemberRow, id: number): Promise<{ success: true; message: string }> {
      await db.transaction(async (tx) => {
        await load(tx, viewerOf(member), id);
        await repo.deleteOpportunity(tx, member.shopId, id);
      });
      return { success: true, message: M.deleted };
    },
  };
}

export type OpportunitiesService = ReturnType<typeof createOpportunitiesService>;
