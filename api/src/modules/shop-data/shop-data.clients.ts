// Clients of a whole-shop import: one row, one client of the CRM file. A row matches an existing client by
// email, then SIRET, then client code; it is then merged into it (non-empty cells win, tags added, the main delivery and
// billing addresses completed). Every client is validated by the client form's contract (crmClientBodySchema) and
// written by the clients module's service (client code, department, consent date…).
import { crmClientBodySchema, type CrmClientBody, type CrmClientValues } from 'shared-kernel/contracts';
import { isMobileNumber, MOBILE_COUNTRIES } from 'shared-kernel/validation';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/client';
import { accountingEntries } from '../accounting';
import { clientInteractions, clientName, createCrmClientsService, crmClients, type ClientAddress, type CrmClientRow } from '../clients';
import { futuresOrders } from '../futures';
import { opportunities } from '../opportunities';
import { orders } from '../orders';
import { posTickets } from '../pos';
import { invoices, salesPayments } from '../sales';
import { tasks } from '../tasks';
import { REQUIRED_ONE_OF, type ColumnMap } from './shop-data.columns';
import type { ImportContext } from './shop-data.context';
import type { Sheet } from './shop-data.file';
import { SHOP_DATA_MESSAGES as M } from './shop-data.messages';
import { changedIds } from './shop-data.repository';
import {
  col,
  errorText,
  rowError,
  type Decision,
  type ImportMeta,
  type RevertScope,
  type RowError,
  type ShopEntity,
} from './shop-data.types';
import { CIVILITY_WORDS, CLIENT_KIND_WORDS, CLIENT_STATUS_WORDS, CellError, listOf, word, yesNo } from './shop-data.values';

const SCALARS = [
  'civility',
  'firstname',
  'lastname',
  'company',
  'siret',
  'vatNumber',
  'email',
  'phone',
  'mobile',
  'typology',
  'notes',
] as const;
const ADDRESS = ['street', 'street2', 'zipcode', 'city', 'country'] as const;
type AddressKey = (typeof ADDRESS)[number];
const BILLING: Record<AddressKey, string> = {
  street: 'billingStreet',
  street2: 'billingStreet2',
  zipcode: 'billingZipcode',
  city: 'billingCity',
  country: 'billingCountry',
};

/** One client of the file (stored in shop_imports.rows): only the cells given. */
export interface ClientUnit {
  row: number;
  code?: string;
  kind?: CrmClientValues['kind'];
  status?: 'active' | 'archived';
  scalars: Partial<Record<(typeof SCALARS)[number], string>>;
  delivery: Partial<Record<AddressKey, string>>;
  billing: Partial<Record<AddressKey, string>>;
  tags?: string[];
  marketingConsent?: boolean;
}

function read(sheet: Sheet, map: ColumnMap, ctx: ImportContext) {
  const header = (k: string) => map.fields.get(k)?.header;
  const units: ClientUnit[] = [];
  const errors: RowError[] = [];
  const seen = { email: new Map<string, number>(), siret: new Map<string, number>(), code: new Map<string, number>() };
  for (const row of sheet.rows) {
    const errs: RowError[] = [];
    const get = (k: string): string | undefined => {
      const c = map.fields.get(k);
      const v = c ? row.cells[c.index] : undefined;
      return v ? v : undefined;
    };
    const take = <T>(k: string, parse: (raw: string) => T): T | undefined => {
      const raw = get(k);
      if (raw === undefined) return undefined;
      try {
        return parse(raw);
      } catch (e) {
        if (!(e instanceof CellError)) throw e;
        errs.push(rowError(row.line, header(k), e.message));
        return undefined;
      }
    };
    const unit: ClientUnit = { row: row.line, scalars: {}, delivery: {}, billing: {} };
    const code = get('code');
    if (code) unit.code = code;
    const kind = take('kind', (r) => word(r, CLIENT_KIND_WORDS, M.clientKind));
    if (kind) unit.kind = kind;
    const status = take('status', (r) => word(r, CLIENT_STATUS_WORDS, M.clientStatus));
    if (status) unit.status = status;
    for (const k of SCALARS) {
      const v = get(k);
      if (v !== undefined) unit.scalars[k] = v;
    }
    if (unit.scalars.civility) {
      const c = take('civility', (r) => word(r, CIVILITY_WORDS, M.civility));
      if (c) unit.scalars.civility = c;
      else delete unit.scalars.civility;
    }
    if (unit.scalars.typology) {
      const t = ctx.typologyOf(unit.scalars.typology);
      if (!t) errs.push(rowError(row.line, header('typology'), M.typologyUnknown(unit.scalars.typology)));
      else unit.scalars.typology = t;
    }
    if (unit.scalars.email) unit.scalars.email = unit.scalars.email.toLowerCase();
    if (unit.scalars.siret) unit.scalars.siret = unit.scalars.siret.replace(/[\s.-]/g, '');
    for (const k of ADDRESS) {
      const d = get(k);
      if (d !== undefined) unit.delivery[k] = d;
      const b = get(BILLING[k]);
      if (b !== undefined) unit.billing[k] = b;
    }
    const tags = take('tags', listOf);
    if (tags) unit.tags = tags;
    const consent = take('marketingConsent', yesNo);
    if (consent !== undefined) unit.marketingConsent = consent;
    // the same client twice in the file: the second row is refused (merge them in the file)
    for (const [key, value] of [
      ['email', unit.scalars.email],
      ['siret', unit.scalars.siret],
      ['code', unit.code?.toLowerCase()],
    ] as const) {
      if (!value) continue;
      const first = seen[key].get(value);
      if (first !== undefined) errs.push(rowError(row.line, header(key), M.clientTwice(first)));
      else seen[key].set(value, row.line);
    }
    if (errs.length) errors.push(...errs);
    else units.push(unit);
  }
  return { units, errors, prices: {} };
}

/** The client form's body of a stored client. */
function bodyOf(c: CrmClientRow): CrmClientBody {
  return {
    kind: c.kind,
    civility: c.civility,
    firstname: c.firstname,
    lastname: c.lastname,
    company: c.company,
    siret: c.siret,
    vatNumber: c.vatNumber,
    email: c.email,
    phone: c.phone,
    mobile: c.mobile,
    typology: c.typology,
    addresses: (c.addresses ?? []).map((a) => ({ ...a })) as CrmClientBody['addresses'],
    contacts: (c.contacts ?? []).map((k) => ({ ...k })) as CrmClientBody['contacts'],
    custom: { ...(c.custom ?? {}) } as CrmClientBody['custom'],
    tags: [...(c.tags ?? [])],
    notes: c.notes,
    marketingConsent: c.marketingConsent,
    agentUserId: c.agentUserId,
    userId: c.userId,
    status: c.status === 'archived' ? 'archived' : 'active',
  };
}

/** The columns revert puts back on a client the import changed. */
const RESTORED = [
  'kind',
  'code',
  'typology',
  'civility',
  'firstname',
  'lastname',
  'company',
  'siret',
  'vatNumber',
  'email',
  'phone',
  'mobile',
  'addresses',
  'contacts',
  'custom',
  'tags',
  'notes',
  'department',
  'marketingConsent',
  'marketingConsentAt',
  'agentUserId',
  'userId',
  'status',
  'updatedAt',
] as const satisfies ReadonlyArray<keyof CrmClientRow>;

function snapshot(c: CrmClientRow): Record<string, unknown> {
  return Object.fromEntries(RESTORED.map((k) => [k, c[k] instanceof Date ? (c[k] as Date).toISOString() : c[k]]));
}

/**
 * The file's cells over a body (a stored client's, or an empty one). A phone the client form would refuse (§5: a
 * mobile of the listed countries — a landline of a producer's old file, say) does not lose the client: the number is
 * kept in the notes, said so in the preview.
 */
function overlay(
  base: CrmClientBody,
  unit: ClientUnit,
): { body: CrmClientBody; where: Array<'delivery' | 'billing' | null>; kept: string[] } {
  const b = structuredClone(base);
  if (unit.kind) b.kind = unit.kind;
  if (unit.status) b.status = unit.status;
  for (const [k, v] of Object.entries(unit.scalars)) (b as Record<string, unknown>)[k] = v;
  const kept: string[] = [];
  for (const [k, label] of [
    ['phone', 'Téléphone'],
    ['mobile', 'Mobile'],
  ] as const) {
    const v = unit.scalars[k];
    if (!v || isMobileNumber(v, MOBILE_COUNTRIES)) continue;
    b[k] = base[k] ?? null;
    const note = M.phoneKept(label, v);
    if (!(b.notes ?? '').includes(note)) b.notes = b.notes ? `${b.notes}\n${note}` : note;
    kept.push(note);
  }
  const addresses = [...((b.addresses ?? []) as ClientAddress[])];
  const where: Array<'delivery' | 'billing' | null> = addresses.map(() => null);
  for (const kind of ['delivery', 'billing'] as const) {
    const given = kind === 'delivery' ? unit.delivery : unit.billing;
    if (!Object.keys(given).length) continue;
    let i = addresses.findIndex((a) => a.kind === kind && a.isDefault);
    if (i < 0) i = addresses.findIndex((a) => a.kind === kind);
    if (i < 0) {
      addresses.push({ kind, isDefault: true });
      where.push(kind);
      i = addresses.length - 1;
    }
    addresses[i] = { ...addresses[i], ...given };
    where[i] = kind;
  }
  b.addresses = addresses as CrmClientBody['addresses'];
  if (unit.tags) b.tags = [...new Set([...(b.tags ?? []), ...unit.tags])];
  if (unit.marketingConsent !== undefined) b.marketingConsent = unit.marketingConsent;
  if (!base.kind && !unit.kind) b.kind = b.company ? 'professional' : 'private';
  return { body: b, where, kept };
}

interface ClientIndex {
  byEmail: Map<string, number>;
  bySiret: Map<string, number>;
  byCode: Map<string, { id: number; email: string | null }>;
  /**
   * clients this import created: never matched by code (codes are given per shop: another shop's CL00012 is not the
   * CL00012 this import just created here)
   */
  claimed: Set<number>;
}

async function loadIndex(dbx: DbOrTx, shopId: number): Promise<ClientIndex> {
  const rows = await dbx
    .select({ id: crmClients.id, email: sql<string | null>`lower(${crmClients.email})`, siret: crmClients.siret, code: crmClients.code })
    .from(crmClients)
    .where(and(eq(crmClients.shopId, shopId), ne(crmClients.status, 'erased')))
    .orderBy(crmClients.id);
  const index: ClientIndex = { byEmail: new Map(), bySiret: new Map(), byCode: new Map(), claimed: new Set() };
  for (const r of rows) {
    if (r.email && !index.byEmail.has(r.email)) index.byEmail.set(r.email, r.id);
    if (r.siret && !index.bySiret.has(r.siret)) index.bySiret.set(r.siret, r.id);
    if (r.code && !index.byCode.has(r.code.toLowerCase())) index.byCode.set(r.code.toLowerCase(), { id: r.id, email: r.email });
  }
  return index;
}

/** The existing client a row is: same email, else same SIRET, else same code (when the emails do not disagree). */
function matchClient(unit: ClientUnit, index: ClientIndex): number | null {
  const email = unit.scalars.email;
  if (email && index.byEmail.has(email)) return index.byEmail.get(email)!;
  if (unit.scalars.siret && index.bySiret.has(unit.scalars.siret)) return index.bySiret.get(unit.scalars.siret)!;
  const byCode = unit.code ? index.byCode.get(unit.code.toLowerCase()) : undefined;
  if (byCode && !index.claimed.has(byCode.id) && (!email || !byCode.email || byCode.email === email)) return byCode.id;
  return null;
}

type ClientDecision = Decision<CrmClientValues> & { where?: (field: string | undefined) => { row: number; column?: string } };

async function decide(dbx: DbOrTx, ctx: ImportContext, meta: ImportMeta, unit: ClientUnit, index: ClientIndex): Promise<ClientDecision> {
  const id = matchClient(unit, index);
  const guess = [unit.scalars.firstname, unit.scalars.lastname].filter(Boolean).join(' ');
  const fail = (errors: RowError[]): ClientDecision => ({
    action: 'error',
    errors,
    preview: {
      row: unit.row,
      action: 'error',
      label: unit.scalars.company || guess || unit.scalars.email || '',
      details: errors.map(errorText).join(' ; '),
    },
  });
  let stored: CrmClientRow | undefined;
  if (id) {
    [stored] = await dbx
      .select()
      .from(crmClients)
      .where(and(eq(crmClients.shopId, ctx.shopId), eq(crmClients.id, id)));
    if (stored?.status === 'erased') return fail([rowError(unit.row, undefined, M.clientErased)]);
  }
  const base: CrmClientBody = stored ? bodyOf(stored) : {};
  const { body, where: addressKinds, kept } = overlay(base, unit);
  const where = (field: string | undefined) => {
    const [head, index, key] = (field ?? '').split('.');
    if (head === 'addresses' && index !== undefined) {
      const k = key as AddressKey;
      const kind = addressKinds[Number(index)];
      return {
        row: unit.row,
        column: kind && (ADDRESS as readonly string[]).includes(k) ? col(meta, kind === 'billing' ? BILLING[k] : k) : undefined,
      };
    }
    if (head === 'siren' || head === 'nic') return { row: unit.row, column: col(meta, 'siret') };
    return { row: unit.row, column: head ? col(meta, head) : undefined };
  };
  const parsed = crmClientBodySchema.safeParse(body);
  if (!parsed.success) {
    return fail(
      parsed.error.issues.slice(0, 5).map((issue) => {
        const at = where(issue.path.map(String).join('.'));
        return rowError(at.row, at.column, issue.message);
      }),
    );
  }
  const values = parsed.data;
  const label = clientName({ kind: values.kind, company: values.company, firstname: values.firstname, lastname: values.lastname });
  const details = [
    values.email,
    values.typology ? (ctx.typologies.find((t) => t.id === values.typology)?.name ?? values.typology) : null,
    ...kept,
  ]
    .filter(Boolean)
    .join(' · ');
  if (!stored) return { action: 'create', input: values, preview: { row: unit.row, action: 'create', label, details }, where };
  const before = crmClientBodySchema.safeParse(base);
  const action = before.success && JSON.stringify(before.data) === JSON.stringify(values) ? 'unchanged' : 'update';
  return {
    action,
    id: stored.id,
    input: values,
    before: snapshot(stored),
    preview: { row: unit.row, action, label: stored.code ? `${label} (${stored.code})` : label, details },
    where,
  };
}

export const clientsImport: ShopEntity<ClientUnit, CrmClientValues, ClientIndex> = {
  required: REQUIRED_ONE_OF.clients,
  lineOf: (unit) => unit.row,
  read: ({ sheet, map }, ctx) => read(sheet, map, ctx.shop),

  async load(db, ctx, _units, importId) {
    const index = await loadIndex(db, ctx.shop.shopId);
    if (importId !== undefined) for (const id of await changedIds(db, importId, 'client')) index.claimed.add(id);
    return index;
  },

  decide: (db, ctx, unit, index) => decide(db, ctx.shop, ctx.meta, unit, index),

  async write(sp, { shop: ctx }, d) {
    if (d.action !== 'create' && d.action !== 'update') return { changes: [] };
    // createdBy: the importing user (null once their account is gone)
    const caller = { shopId: ctx.shopId, userId: ctx.userId as number, onlyAgent: null };
    const service = createCrmClientsService({ db: sp as unknown as Db });
    if (d.action === 'create')
      return { changes: [{ entity: 'client', entityId: (await service.create(caller, d.input)).id, action: 'created', before: null }] };
    return {
      changes: [{ entity: 'client', entityId: (await service.update(caller, d.id, d.input)).id, action: 'updated', before: d.before }],
    };
  },

  wrote(_db, _ctx, index, d, _unit, { changes: [change] }) {
    if (d.action === 'error') return;
    const v = d.input;
    if (v.email) index.byEmail.set(v.email.toLowerCase(), change.entityId);
    if (v.siret) index.bySiret.set(v.siret, change.entityId);
    if (change.action === 'created') index.claimed.add(change.entityId);
  },

  locate(_ctx, d, unit, field) {
    const at = (d as ClientDecision).where?.(field) ?? { row: unit.row };
    return { line: at.row, column: at.column };
  },

  revert: (tx, scope, change) => revertClient(tx, scope, change),
};

/** Whether anything of the shop points at these clients (orders, documents, payments, entries, tickets, CRM follow-up). */
async function referenced(tx: DbOrTx, id: number): Promise<boolean> {
  const res = (await tx.execute(sql`select (
    exists (select 1 from ${orders} where ${orders.clientId} = ${id})
    or exists (select 1 from ${invoices} where ${invoices.clientId} = ${id})
    or exists (select 1 from ${salesPayments} where ${salesPayments.clientId} = ${id})
    or exists (select 1 from ${accountingEntries} where ${accountingEntries.clientId} = ${id})
    or exists (select 1 from ${posTickets} where ${posTickets.clientId} = ${id})
    or exists (select 1 from ${futuresOrders} where ${futuresOrders.clientId} = ${id})
    or exists (select 1 from ${clientInteractions} where ${clientInteractions.clientId} = ${id})
    or exists (select 1 from ${opportunities} where ${opportunities.clientId} = ${id})
    or exists (select 1 from ${tasks} where ${tasks.clientId} = ${id})
    or exists (select 1 from ${crmClients} c join ${orders} o on o.buyer_id = c.user_id and o.shop_id = c.shop_id where c.id = ${id})
  ) as used`)) as unknown as { rows: Array<{ used: boolean }> };
  return !!res.rows[0]?.used;
}

/** Revert of one client change, in the caller's transaction. */
async function revertClient(
  tx: DbOrTx,
  { shopId }: RevertScope,
  change: { entityId: number; action: string; before: Record<string, unknown> | null },
) {
  const where = and(eq(crmClients.shopId, shopId), eq(crmClients.id, change.entityId));
  const [current] = await tx.select({ id: crmClients.id, status: crmClients.status }).from(crmClients).where(where);
  if (!current) return 'gone' as const;
  if (change.action === 'created') {
    if (await referenced(tx, change.entityId)) {
      await tx.update(crmClients).set({ status: 'archived', updatedAt: new Date() }).where(where);
      return 'archived' as const;
    }
    await tx.delete(crmClients).where(where);
    return 'deleted' as const;
  }
  if (current.status === 'erased' || !change.before) return 'gone' as const;
  const b = change.before;
  const values: Record<string, unknown> = {};
  for (const k of RESTORED)
    if (k in b) values[k] = (k === 'marketingConsentAt' || k === 'updatedAt') && b[k] ? new Date(String(b[k])) : b[k];
  await tx
    .update(crmClients)
    .set(values as Partial<CrmClientRow>)
    .where(where);
  return 'restored' as const;
}
