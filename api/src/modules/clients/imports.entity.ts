import { and, eq, inArray, sql } from 'drizzle-orm';
import { CIVILITIES } from 'shared-kernel/domain';
import {
  CLIENT_IMPORT_MESSAGES as M,
  CRM_CLIENT_MESSAGES,
  crmClientBodySchema,
  type ClientImportField,
  type ClientImportLine,
  type CrmClientValues,
} from 'shared-kernel/contracts';
import type { DbOrTx } from '../../platform/db/client';
import type { ShopRow } from '../../platform/db/tables';
import { rowError, type ChangeRecord, type Decision, type ImportEntity, type RowError } from '../../platform/imports';
import { crmClients, type ClientAddress, type CrmClientRow } from './clients.tables';
import { clientName, departmentOf, mainAddress } from './crm.service';
import * as repo from './crm.repository';
import { normaliseWord } from './imports.parse';

/**
 * The client file's rows for the shared import stages: a row is read (its words: kind, civility, typology), then
 * decided against the shop's clients — a new client, a merge into the client of the same email or SIRET (one already
 * stored, or one created by an earlier line), or a skip — and the run writes each line: an insert, or the merged
 * columns. The clients a run creates carry its `import_id` (that is their record: undo deletes them by it); a merge
 * records the previous values of the columns it changed.
 */

export type Mapping = Record<string, ClientImportField>;
type Typology = { id: string; name: string };

/** The rows of an upload (kept in a file between the upload and the run). */
export interface ClientSource {
  headers: string[];
  rows: string[][];
}

export interface ClientImportCtx {
  shop: ShopRow;
  mapping: Mapping;
  duplicates: 'merge' | 'skip';
  /** a run: the import, who runs it, and the next client code (the shop's sequence, taken under its lock) */
  run?: { importId: number; userId: number; nextCode: () => string };
}

/** One row as read: its values by field, its words resolved, the duplicate keys of its raw cells. */
export interface ClientUnit {
  line: number;
  values: Partial<Record<ClientImportField, string>>;
  kind?: CrmClientValues['kind'];
  civility?: string;
  typology?: string;
  key: { email: string; siret: string };
}

const KIND_WORDS: Record<string, CrmClientValues['kind']> = {
  particulier: 'private',
  prive: 'private',
  private: 'private',
  individual: 'private',
  professionnel: 'professional',
  pro: 'professional',
  professional: 'professional',
  entreprise: 'professional',
  business: 'professional',
  b2b: 'professional',
  prospect: 'prospect',
  lead: 'prospect',
};
const CIVILITY_WORDS = new Map<string, string>(
  CIVILITIES.flatMap((c) => [
    [normaliseWord(c.value), c.value],
    [normaliseWord(c.label), c.value],
  ]),
);
for (const [w, v] of [
  ['m', 'mr'],
  ['mr', 'mr'],
  ['mme', 'mrs'],
  ['madame', 'mrs'],
  ['mrs', 'mrs'],
  ['ms', 'mrs'],
  ['mmeetm', 'mrmrs'],
  ['mmm', 'mrmrs'],
] as const)
  CIVILITY_WORDS.set(w, v);

/** The client field an error of the form schema is about (addresses.0.zipcode → zipcode). */
const fieldOf = (p: PropertyKey[]): string => {
  const last = [...p].reverse().find((k) => typeof k === 'string');
  return typeof last === 'string' ? last : 'file';
};

/** A row's cells by field, and its words (kind, civility, typology) resolved; the first unknown word refuses it. */
function readRow(row: string[], line: number, file: ClientSource, ctx: ClientImportCtx): ClientUnit | RowError {
  const { headers } = file;
  const values: Partial<Record<ClientImportField, string>> = {};
  headers.forEach((h, i) => {
    const f = ctx.mapping[h];
    if (f && row[i]) values[f] = row[i].trim();
  });
  // the duplicate keys of the raw cells (a merged row may give only an email or a SIRET)
  const cell = (f: ClientImportField) => {
    const i = headers.findIndex((h) => ctx.mapping[h] === f);
    return i >= 0 ? (row[i] ?? '') : '';
  };
  const unit: ClientUnit = {
    line,
    values,
    key: { email: cell('email').trim().toLowerCase(), siret: cell('siret').replace(/[\s.-]/g, '') },
  };
  if (values.kind) {
    unit.kind = KIND_WORDS[normaliseWord(values.kind)];
    if (!unit.kind) return rowError(line, undefined, M.kind, 'kind');
  }
  if (values.civility) {
    unit.civility = CIVILITY_WORDS.get(normaliseWord(values.civility));
    if (!unit.civility) return rowError(line, undefined, CRM_CLIENT_MESSAGES.civility, 'civility');
  }
  if (values.typology) {
    const w = normaliseWord(values.typology);
    const typologies = (ctx.shop.typologies ?? []) as unknown as Typology[];
    unit.typology = typologies.find((t) => normaliseWord(t.id) === w || normaliseWord(t.name) === w)?.id;
    if (!unit.typology) return rowError(line, undefined, CRM_CLIENT_MESSAGES.typologyUnknown, 'typology');
  }
  return unit;
}

type RowResult = { ok: true; values: CrmClientValues; kindGiven: boolean } | { ok: false; field: string; message: string };

/** A row read → the values of the client form, validated by its schema (crmClientBodySchema), completed by `base`. */
function valuesOf(unit: ClientUnit, base?: NewColumns): RowResult {
  const v = unit.values;
  const hasAddress = !!(v.street || v.street2 || v.zipcode || v.city || v.country);
  const parsed = crmClientBodySchema.safeParse({
    kind: unit.kind ?? base?.kind ?? (v.company ? 'professional' : 'private'),
    civility: unit.civility,
    firstname: v.firstname,
    lastname: v.lastname ?? base?.lastname,
    company: v.company ?? base?.company,
    siret: v.siret,
    vatNumber: v.vatNumber,
    email: v.email,
    phone: v.phone,
    mobile: v.mobile,
    typology: unit.typology,
    addresses: hasAddress
      ? [{ kind: 'delivery', isDefault: true, street: v.street, street2: v.street2, zipcode: v.zipcode, city: v.city, country: v.country }]
      : [],
    tags: v.tags
      ? [
          ...new Set(
            v.tags
              .split(/[,;|]/)
              .map((s) => s.trim())
              .filter(Boolean),
          ),
        ]
      : [],
    notes: v.notes,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, field: fieldOf(issue.path), message: issue.message };
  }
  return { ok: true, values: parsed.data, kindGiven: !!unit.kind };
}

/** The columns of a new client from validated values. */
function newClientColumns(v: CrmClientValues) {
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
    tags: v.tags,
    notes: v.notes,
    department: departmentOf(v.addresses as ClientAddress[]),
  };
}
export type NewColumns = ReturnType<typeof newClientColumns>;

/** The same columns of a stored client. */
const columnsOfRow = (c: CrmClientRow): NewColumns => ({
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
  addresses: c.addresses ?? [],
  tags: c.tags ?? [],
  notes: c.notes,
  department: c.department,
});

const SCALARS = ['civility', 'firstname', 'lastname', 'company', 'siret', 'vatNumber', 'email', 'phone', 'mobile', 'typology'] as const;

/**
 * A row merged into a client: its non-empty values replace the client's (kind only when the file gives it), tags are
 * added, notes appended, the address fields given fill the main delivery address. Returns the changed columns.
 */
function mergeInto(target: NewColumns, v: CrmClientValues, kindGiven: boolean): Partial<NewColumns> {
  const changes: Partial<NewColumns> = {};
  const set = <K extends keyof NewColumns>(k: K, value: NewColumns[K]) => {
    if (JSON.stringify(target[k]) !== JSON.stringify(value)) changes[k] = value;
  };
  if (kindGiven) set('kind', v.kind);
  for (const k of SCALARS) if (v[k]) set(k, v[k]);
  if (v.tags.length) set('tags', [...new Set([...(target.tags ?? []), ...v.tags])]);
  if (v.notes && !(target.notes ?? '').includes(v.notes)) set('notes', target.notes ? `${target.notes}\n${v.notes}` : v.notes);
  const imported = (v.addresses as ClientAddress[])[0];
  if (imported) {
    const list = [...(target.addresses ?? [])];
    const main = mainAddress(list);
    if (!main) list.push(imported);
    else {
      const i = list.indexOf(main);
      const filled = Object.fromEntries(Object.entries(imported).filter(([k, x]) => x != null && k !== 'kind' && k !== 'isDefault'));
      list[i] = { ...main, ...filled };
    }
    set('addresses', list);
    set('department', departmentOf(list));
  }
  return changes;
}

type Found = { existing: number } | { created: number; line: number };

/** What the lines are decided against: the shop's clients by email and SIRET, and what the lines before did. */
export interface ClientsState {
  byEmail: Map<string, Found>;
  bySiret: Map<string, Found>;
  /** the stored clients the rows may merge into */
  targets: Map<number, CrmClientRow>;
  /** the changes of the lines merged so far into a stored client */
  merges: Map<number, Partial<NewColumns>>;
  /** the columns of the clients created by earlier lines (merged into by later ones) */
  creates: NewColumns[];
  /** a run: the id of each created client */
  createdIds: number[];
}

/** create: the client's columns and its rank among the created; update (merge): the changed columns. */
export type ClientInput = { columns: NewColumns; created: number } | { columns: Partial<NewColumns> };
/** a merge: into a stored client (its values before, for undo) or into one created by an earlier line */
export type ClientTarget = { target: { existing: number; before: Partial<CrmClientRow> } | { created: number; id?: number } | null };
export type ClientDecision = Decision<ClientInput, ClientImportLine, ClientTarget>;

async function load(db: DbOrTx, ctx: ClientImportCtx, units: ClientUnit[]): Promise<ClientsState> {
  const shopId = ctx.shop.id;
  // the shop's clients by email and SIRET (erased ones have neither)
  const existing = await db
    .select({ id: crmClients.id, email: sql<string | null>`lower(${crmClients.email})`, siret: crmClients.siret })
    .from(crmClients)
    .where(and(eq(crmClients.shopId, shopId), sql`(${crmClients.email} is not null or ${crmClients.siret} is not null)`));
  const state: ClientsState = {
    byEmail: new Map(),
    bySiret: new Map(),
    targets: new Map(),
    merges: new Map(),
    creates: [],
    createdIds: [],
  };
  for (const c of existing) {
    if (c.email && !state.byEmail.has(c.email)) state.byEmail.set(c.email, { existing: c.id });
    if (c.siret && !state.bySiret.has(c.siret)) state.bySiret.set(c.siret, { existing: c.id });
  }
  const mergeIds = new Set<number>();
  for (const u of units) {
    const t = foundBy(state, u.key);
    if (t && 'existing' in t) mergeIds.add(t.existing);
  }
  if (ctx.duplicates === 'merge' && mergeIds.size) {
    const ids = [...mergeIds];
    for (let i = 0; i < ids.length; i += 1000) {
      const rows = await db
        .select()
        .from(crmClients)
        .where(and(eq(crmClients.shopId, shopId), inArray(crmClients.id, ids.slice(i, i + 1000))));
      for (const c of rows) state.targets.set(c.id, c);
    }
  }
  return state;
}

const foundBy = (state: ClientsState, k: { email: string; siret: string }) =>
  (k.email && state.byEmail.get(k.email)) || (k.siret && state.bySiret.get(k.siret)) || undefined;

function decide(ctx: ClientImportCtx, unit: ClientUnit, state: ClientsState): ClientDecision {
  const { line } = unit;
  const found = foundBy(state, unit.key);
  // merging: the row is checked as completed by the client it goes into (its kind, company, name)
  let base: NewColumns | undefined;
  if (found && ctx.duplicates === 'merge') {
    if ('existing' in found) {
      const before = state.targets.get(found.existing);
      base = before ? { ...columnsOfRow(before), ...state.merges.get(found.existing) } : undefined;
    } else base = state.creates[found.created];
  }
  const r = valuesOf(unit, base);
  if (!r.ok)
    return {
      action: 'error',
      errors: [rowError(line, undefined, r.message, r.field)],
      preview: { line, action: 'error', name: '', field: r.field, message: r.message },
    };
  const v = r.values;
  const name = clientName(v);
  const t = foundBy(state, { email: v.email ?? '', siret: v.siret ?? '' });
  if (t) {
    const label = 'existing' in t ? `client n° ${t.existing}` : `ligne ${t.line}`;
    const skip: ClientDecision = {
      action: 'unchanged',
      input: { columns: {} },
      target: null,
      preview: { line, action: 'skip', name, duplicateOf: label },
    };
    if (ctx.duplicates === 'skip') return skip;
    if ('existing' in t) {
      const stored = state.targets.get(t.existing);
      if (!stored || stored.status === 'erased') return skip;
      const merged = state.merges.get(t.existing) ?? {};
      const current = { ...columnsOfRow(stored), ...merged };
      const changes = mergeInto(current, v, r.kindGiven);
      // the values before the import: the stored ones, or those of the first line that changed them
      const before = Object.fromEntries(
        Object.keys(changes).map((k) => [k, k in merged ? current[k as keyof NewColumns] : stored[k as keyof CrmClientRow]]),
      ) as Partial<CrmClientRow>;
      state.merges.set(t.existing, Object.assign(merged, changes));
      return {
        action: 'update',
        input: { columns: changes },
        target: { existing: t.existing, before },
        preview: { line, action: 'merge', name: clientName(current), duplicateOf: stored.code ?? label },
      };
    }
    const created = state.creates[t.created];
    const changes = mergeInto(created, v, r.kindGiven);
    Object.assign(created, changes);
    return {
      action: 'update',
      input: { columns: changes },
      target: { created: t.created, id: state.createdIds[t.created] },
      preview: { line, action: 'merge', name: clientName(created), duplicateOf: label },
    };
  }
  const index = state.creates.length;
  const columns = newClientColumns(v);
  state.creates.push(columns);
  const found2: Found = { created: index, line };
  if (v.email) state.byEmail.set(v.email, found2);
  if (v.siret) state.bySiret.set(v.siret, found2);
  return { action: 'create', input: { columns, created: index }, preview: { line, action: 'create', name } };
}

export const clientsImport: ImportEntity<
  ClientSource,
  ClientImportCtx,
  ClientUnit,
  ClientInput,
  ClientImportLine,
  ChangeRecord<'client'>,
  ClientsState,
  ClientTarget,
  { shopId: number }
> = {
  // each write is one statement and the run is all or nothing (a database failure applies nothing)
  savepoints: false,
  lineOf: (unit) => unit.line,

  read(file, ctx) {
    const units: ClientUnit[] = [];
    const errors: RowError[] = [];
    file.rows.forEach((row, i) => {
      const r = readRow(row, i + 2, file, ctx);
      if ('message' in r) errors.push(r);
      else units.push(r);
    });
    return { units, errors };
  },

  load: (db, ctx, units) => load(db, ctx, units),
  decide: (_db, ctx, unit, state) => decide(ctx, unit, state),

  async write(sp, ctx, d) {
    if (!ctx.run) throw new Error('clients import: a write outside a run');
    const shopId = ctx.shop.id;
    if (d.action === 'create') {
      const [row] = await repo.insertClients(sp, [
        { ...(d.input.columns as NewColumns), shopId, code: ctx.run.nextCode(), importId: ctx.run.importId, createdBy: ctx.run.userId },
      ]);
      return { changes: [{ entity: 'client', entityId: row.id, action: 'created', before: null }] };
    }
    if (d.action !== 'update' || !d.target || !Object.keys(d.input.columns).length) return { changes: [] };
    const id = 'existing' in d.target ? d.target.existing : d.target.id;
    if (id === undefined) throw new Error('clients import: a merge into a client not created');
    await repo.updateClient(sp, shopId, id, d.input.columns);
    // a client created by the import is deleted by undo: only a stored client's previous values are kept
    return {
      changes: 'existing' in d.target ? [{ entity: 'client', entityId: id, action: 'updated', before: d.target.before }] : [],
    };
  },

  wrote(_db, _ctx, state, d, _unit, written) {
    if (d.action === 'create' && 'created' in d.input) state.createdIds[d.input.created] = written.changes[0].entityId;
  },

  async revert(tx, { shopId }, change) {
    if (change.action !== 'updated' || !change.before) return 'gone';
    await repo.updateClient(tx, shopId, change.entityId, { ...change.before } as Partial<CrmClientRow>);
    return 'restored';
  },
};
