import { promises as fs } from 'node:fs';
import path from 'node:path';
import { and, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { CIVILITIES } from 'shared-kernel/domain';
import {
  CLIENT_IMPORT_MESSAGES as M,
  CRM_CLIENT_MESSAGES,
  crmClientBodySchema,
  type ClientImport,
  type ClientImportField,
  type ClientImportLine,
  type ClientImportReport,
  type ClientImportUpload,
  type CrmClientValues,
  type Paginated,
} from 'shared-kernel/contracts';
import type { Db, DbOrTx } from '../../platform/db/client';
import { users, type ShopRow } from '../../platform/db/tables';
import { HttpError, notFound } from '../../platform/errors';
import { paginated, type ListQuery } from '../../platform/list-query';
import { orders } from '../orders';
import { clientImports, crmClients, type ClientAddress, type ClientImportRow, type CrmClientRow } from './clients.tables';
import { clientCode, clientName, codePrefixOf, departmentOf, mainAddress, type CrmCaller } from './crm.service';
import * as repo from './crm.repository';
import { normaliseWord, parseClientFile, suggestMapping } from './imports.parse';

/**
 * Client imports (issue 13). The parsed rows of an upload are kept as a JSON file under DATA_DIR/client-imports
 * (`<shop>-<import>.json`, deleted when the import is undone); the previous values of the clients a run merged into are
 * added to that file, so undo restores them. The run happens in one transaction (a database failure applies nothing);
 * its progress (processed/total) lives in this process's memory while it runs and is written to the row at the end.
 */

export type ImportsQuery = ListQuery<'createdAt', Record<string, never>>;
type Mapping = Record<string, ClientImportField>;

interface StoredFile {
  headers: string[];
  rows: string[][];
  /** after a run: the previous values of the clients merged into, for undo */
  merged?: Array<{ id: number; before: Partial<CrmClientRow> }>;
}

const BATCH = 500;
const ERRORS_SHOWN = 1000;
const iso = (d: Date | string | null | undefined) => (d == null ? null : new Date(d).toISOString());

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

type Typology = { id: string; name: string };
type RowResult = { ok: true; values: CrmClientValues; kindGiven: boolean } | { ok: false; field: string; message: string };

/** One row of the file → the values of the client form, validated by the same schema (crmClientBodySchema). */
function rowToValues(row: string[], headers: string[], mapping: Mapping, typologies: Typology[], base?: NewColumns): RowResult {
  const v: Partial<Record<ClientImportField, string>> = {};
  headers.forEach((h, i) => {
    const f = mapping[h];
    if (f && row[i]) v[f] = row[i].trim();
  });
  let kind: CrmClientValues['kind'] | undefined;
  if (v.kind) {
    kind = KIND_WORDS[normaliseWord(v.kind)];
    if (!kind) return { ok: false, field: 'kind', message: M.kind };
  }
  let civility: string | undefined;
  if (v.civility) {
    civility = CIVILITY_WORDS.get(normaliseWord(v.civility));
    if (!civility) return { ok: false, field: 'civility', message: CRM_CLIENT_MESSAGES.civility };
  }
  let typology: string | undefined;
  if (v.typology) {
    const w = normaliseWord(v.typology);
    typology = typologies.find((t) => normaliseWord(t.id) === w || normaliseWord(t.name) === w)?.id;
    if (!typology) return { ok: false, field: 'typology', message: CRM_CLIENT_MESSAGES.typologyUnknown };
  }
  const hasAddress = !!(v.street || v.street2 || v.zipcode || v.city || v.country);
  const parsed = crmClientBodySchema.safeParse({
    kind: kind ?? base?.kind ?? (v.company ? 'professional' : 'private'),
    civility,
    firstname: v.firstname,
    lastname: v.lastname ?? base?.lastname,
    company: v.company ?? base?.company,
    siret: v.siret,
    vatNumber: v.vatNumber,
    email: v.email,
    phone: v.phone,
    mobile: v.mobile,
    typology,
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
  return { ok: true, values: parsed.data, kindGiven: !!kind };
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
type NewColumns = ReturnType<typeof newClientColumns>;

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

/** What a run does with each line. */
interface Plan {
  lines: ClientImportLine[];
  creates: NewColumns[];
  /** existing client id → the changes of every line merged into it (applied in order) */
  merges: Map<number, { before: CrmClientRow; changes: Partial<NewColumns> }>;
}

export function createClientImportsService(deps: { db: Db; dataDir: string }) {
  const { db } = deps;
  const dir = path.join(deps.dataDir, 'client-imports');
  const fileOf = (shopId: number, id: number) => path.join(dir, `${shopId}-${id}.json`);
  /** progress of the runs of this process: import id → processed rows */
  const progress = new Map<number, number>();
  const running = new Map<number, Promise<void>>();

  async function readStored(shopId: number, id: number): Promise<StoredFile> {
    try {
      return JSON.parse(await fs.readFile(fileOf(shopId, id), 'utf8')) as StoredFile;
    } catch {
      throw new HttpError(409, M.rowsGone);
    }
  }
  async function writeStored(shopId: number, id: number, data: StoredFile) {
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(fileOf(shopId, id), JSON.stringify(data));
  }

  async function findImport(tx: DbOrTx, shopId: number, id: number, lock = false): Promise<ClientImportRow> {
    const base = tx
      .select()
      .from(clientImports)
      .where(and(eq(clientImports.shopId, shopId), eq(clientImports.id, id)))
      .limit(1);
    const [row] = lock ? await base.for('update') : await base;
    if (!row) throw notFound(M.notFound);
    return row;
  }

  async function toItem(row: ClientImportRow, author?: string | null): Promise<ClientImport> {
    let by = author;
    if (by === undefined) {
      const u = row.createdBy ? await repo.findUserById(db, row.createdBy) : undefined;
      by = u ? [u.firstname, u.lastname].filter(Boolean).join(' ') || u.username : null;
    }
    return {
      id: row.id,
      status: row.status,
      filename: row.filename,
      mapping: row.mapping,
      duplicates: row.duplicates,
      total: row.total,
      processed: row.status === 'processing' ? (progress.get(row.id) ?? row.processed) : row.processed,
      created: row.created,
      merged: row.merged,
      skipped: row.skipped,
      errors: row.errors.slice(0, ERRORS_SHOWN),
      errorCount: row.errors.length,
      createdBy: by ?? null,
      createdAt: iso(row.createdAt)!,
      finishedAt: iso(row.finishedAt),
    };
  }

  /** Validates every row and decides create / merge / skip / error (reads only). */
  async function plan(tx: DbOrTx, shop: ShopRow, file: StoredFile, mapping: Mapping, duplicates: 'merge' | 'skip'): Promise<Plan> {
    for (const h of Object.keys(mapping)) if (!file.headers.includes(h)) throw new HttpError(400, M.mappingColumn, `mapping.${h}`);
    const typologies = (shop.typologies ?? []) as unknown as Typology[];
    // the shop's clients by email and SIRET (erased ones have neither)
    const existing = await tx
      .select({ id: crmClients.id, email: sql<string | null>`lower(${crmClients.email})`, siret: crmClients.siret })
      .from(crmClients)
      .where(and(eq(crmClients.shopId, shop.id), sql`(${crmClients.email} is not null or ${crmClients.siret} is not null)`));
    type Target = { existing: number } | { created: number; line: number };
    const byEmail = new Map<string, Target>();
    const bySiret = new Map<string, Target>();
    for (const c of existing) {
      if (c.email && !byEmail.has(c.email)) byEmail.set(c.email, { existing: c.id });
      if (c.siret && !bySiret.has(c.siret)) bySiret.set(c.siret, { existing: c.id });
    }
    // the duplicate keys of each row, read before validation (a merged row may give only an email or a SIRET)
    const col = (f: ClientImportField) => file.headers.findIndex((h) => mapping[h] === f);
    const emailCol = col('email');
    const siretCol = col('siret');
    const keyOf = (row: string[]) => ({
      email: emailCol >= 0 ? (row[emailCol] ?? '').trim().toLowerCase() : '',
      siret: siretCol >= 0 ? (row[siretCol] ?? '').replace(/[\s.-]/g, '') : '',
    });
    const targetOf = (k: { email: string; siret: string }) =>
      (k.email && byEmail.get(k.email)) || (k.siret && bySiret.get(k.siret)) || undefined;
    const mergeIds = new Set<number>();
    for (const row of file.rows) {
      const t = targetOf(keyOf(row));
      if (t && 'existing' in t) mergeIds.add(t.existing);
    }
    const targets = new Map<number, CrmClientRow>();
    if (duplicates === 'merge' && mergeIds.size) {
      const ids = [...mergeIds];
      for (let i = 0; i < ids.length; i += 1000) {
        const rows = await tx
          .select()
          .from(crmClients)
          .where(and(eq(crmClients.shopId, shop.id), inArray(crmClients.id, ids.slice(i, i + 1000))));
        for (const c of rows) targets.set(c.id, c);
      }
    }
    const out: Plan = { lines: [], creates: [], merges: new Map() };
    file.rows.forEach((row, i) => {
      const line = i + 2;
      const key = keyOf(row);
      const found = targetOf(key);
      // merging: the row is checked as completed by the client it goes into (its kind, company, name)
      let base: NewColumns | undefined;
      if (found && duplicates === 'merge') {
        if ('existing' in found) {
          const before = targets.get(found.existing);
          base = before ? { ...columnsOfRow(before), ...out.merges.get(found.existing)?.changes } : undefined;
        } else base = out.creates[found.created];
      }
      const r = rowToValues(row, file.headers, mapping, typologies, base);
      if (!r.ok) {
        out.lines.push({ line, action: 'error', name: '', field: r.field, message: r.message });
        return;
      }
      const v = r.values;
      const name = clientName(v);
      const t = targetOf({ email: v.email ?? '', siret: v.siret ?? '' });
      if (t) {
        const label = 'existing' in t ? `client n° ${t.existing}` : `ligne ${t.line}`;
        if (duplicates === 'skip') {
          out.lines.push({ line, action: 'skip', name, duplicateOf: label });
          return;
        }
        if ('existing' in t) {
          const before = targets.get(t.existing);
          if (!before || before.status === 'erased') {
            out.lines.push({ line, action: 'skip', name, duplicateOf: label });
            return;
          }
          const entry = out.merges.get(t.existing) ?? { before, changes: {} };
          const current = { ...columnsOfRow(before), ...entry.changes };
          Object.assign(entry.changes, mergeInto(current, v, r.kindGiven));
          out.merges.set(t.existing, entry);
          out.lines.push({ line, action: 'merge', name: clientName(current), duplicateOf: before.code ?? label });
        } else {
          const target = out.creates[t.created];
          Object.assign(target, mergeInto(target, v, r.kindGiven));
          out.lines.push({ line, action: 'merge', name: clientName(target), duplicateOf: label });
        }
        return;
      }
      const created: Target = { created: out.creates.length, line };
      out.creates.push(newClientColumns(v));
      if (v.email) byEmail.set(v.email, created);
      if (v.siret) bySiret.set(v.siret, created);
      out.lines.push({ line, action: 'create', name });
    });
    return out;
  }

  const countOf = (p: Plan, a: ClientImportLine['action']) => p.lines.filter((l) => l.action === a).length;
  const errorsOf = (p: Plan) =>
    p.lines.filter((l) => l.action === 'error').map((l) => ({ line: l.line, field: l.field, message: l.message! }));

  /** The real run: one transaction; progress in memory; the import row says completed (or error) at the end. */
  async function execute(caller: CrmCaller, shop: ShopRow, id: number, file: StoredFile, mapping: Mapping, duplicates: 'merge' | 'skip') {
    progress.set(id, 0);
    try {
      const { p, mergedBefore } = await db.transaction(async (tx) => {
        // the per-shop lock first (nextClientNumber takes it): no client created meanwhile, codes allocated in one go
        let n = await repo.nextClientNumber(tx, shop.id);
        const p = await plan(tx, shop, file, mapping, duplicates);
        const prefix = codePrefixOf(shop);
        const total = p.creates.length + p.merges.size;
        let done = 0;
        const tick = () => progress.set(id, Math.min(file.rows.length, Math.round((done / Math.max(total, 1)) * file.rows.length)));
        for (let i = 0; i < p.creates.length; i += BATCH) {
          const batch = p.creates.slice(i, i + BATCH).map((c) => ({
            ...c,
            shopId: shop.id,
            code: clientCode(prefix, n++),
            importId: id,
            createdBy: caller.userId,
          }));
          await tx.insert(crmClients).values(batch);
          done += batch.length;
          tick();
        }
        const mergedBefore: StoredFile['merged'] = [];
        for (const [clientId, { before, changes }] of p.merges) {
          if (Object.keys(changes).length) {
            await repo.updateClient(tx, shop.id, clientId, changes);
            const prev = Object.fromEntries(Object.keys(changes).map((k) => [k, before[k as keyof CrmClientRow]]));
            mergedBefore.push({ id: clientId, before: prev as Partial<CrmClientRow> });
          }
          done++;
          tick();
        }
        return { p, mergedBefore };
      });
      await writeStored(shop.id, id, { ...file, merged: mergedBefore });
      await db
        .update(clientImports)
        .set({
          status: 'completed',
          processed: file.rows.length,
          created: p.creates.length,
          merged: countOf(p, 'merge'),
          skipped: countOf(p, 'skip'),
          errors: errorsOf(p),
          finishedAt: new Date(),
        })
        .where(eq(clientImports.id, id));
    } catch (err) {
      const message = err instanceof HttpError ? err.message : M.failed;
      await db
        .update(clientImports)
        .set({ status: 'error', processed: 0, created: 0, merged: 0, skipped: 0, errors: [{ line: 0, message }], finishedAt: new Date() })
        .where(eq(clientImports.id, id))
        .catch(() => undefined);
    } finally {
      progress.delete(id);
    }
  }

  async function loadShop(shopId: number): Promise<ShopRow> {
    const shop = await repo.findShop(db, shopId);
    if (!shop) throw notFound();
    return shop;
  }

  return {
    /** POST /crm/imports: parse, keep the rows, answer the headers, the first 20 rows and a suggested mapping. */
    async upload(caller: CrmCaller, filename: string, bytes: Buffer): Promise<ClientImportUpload> {
      const parsed = await parseClientFile(bytes);
      const [row] = await db
        .insert(clientImports)
        .values({ shopId: caller.shopId, filename, total: parsed.rows.length, createdBy: caller.userId })
        .returning();
      try {
        await writeStored(caller.shopId, row.id, parsed);
      } catch (err) {
        await db.delete(clientImports).where(eq(clientImports.id, row.id));
        throw err;
      }
      return {
        import: await toItem(row),
        headers: parsed.headers,
        preview: parsed.rows.slice(0, 20),
        suggestedMapping: suggestMapping(parsed.headers),
      };
    },

    /** dryRun: the per-line report, nothing written. Else the run starts (status processing) and the import is answered. */
    async run(
      caller: CrmCaller,
      id: number,
      body: { mapping: Mapping; duplicates: 'merge' | 'skip'; dryRun: boolean },
    ): Promise<ClientImportReport | ClientImport> {
      const row = await findImport(db, caller.shopId, id);
      if (row.status !== 'pending') throw new HttpError(409, M.notPending);
      const file = await readStored(caller.shopId, id);
      const shop = await loadShop(caller.shopId);
      if (body.dryRun) {
        const p = await plan(db, shop, file, body.mapping, body.duplicates);
        return {
          dryRun: true,
          total: file.rows.length,
          create: countOf(p, 'create'),
          merge: countOf(p, 'merge'),
          skip: countOf(p, 'skip'),
          error: countOf(p, 'error'),
          lines: p.lines,
        };
      }
      for (const h of Object.keys(body.mapping)) if (!file.headers.includes(h)) throw new HttpError(400, M.mappingColumn, `mapping.${h}`);
      // pending → processing: one run wins
      const [started] = await db
        .update(clientImports)
        .set({ status: 'processing', mapping: body.mapping, duplicates: body.duplicates, processed: 0 })
        .where(and(eq(clientImports.id, id), eq(clientImports.status, 'pending')))
        .returning();
      if (!started) throw new HttpError(409, M.notPending);
      progress.set(id, 0);
      const job = execute(caller, shop, id, file, body.mapping, body.duplicates).finally(() => running.delete(id));
      running.set(id, job);
      return toItem(started);
    },

    get: async (caller: CrmCaller, id: number) => toItem(await findImport(db, caller.shopId, id)),

    async list(caller: CrmCaller, q: ImportsQuery): Promise<Paginated<ClientImport>> {
      const where = eq(clientImports.shopId, caller.shopId);
      const [[{ n }], rows] = await Promise.all([
        db.select({ n: count() }).from(clientImports).where(where),
        db
          .select({ row: clientImports, firstname: users.firstname, lastname: users.lastname, username: users.username })
          .from(clientImports)
          .leftJoin(users, eq(users.id, clientImports.createdBy))
          .where(where)
          .orderBy(q.sort.direction === 'asc' ? clientImports.createdAt : desc(clientImports.createdAt), desc(clientImports.id))
          .limit(q.pageSize)
          .offset(q.offset),
      ]);
      const items = await Promise.all(
        rows.map((r) => toItem(r.row, r.row.createdBy ? [r.firstname, r.lastname].filter(Boolean).join(' ') || r.username : null)),
      );
      return paginated(items, Number(n), q);
    },

    /**
     * Undo: deletes the clients the import created and restores the previous values of the clients it merged into.
     * Refused (409, how many) when a created client already has orders (its linked buyer ordered at the shop).
     */
    async revert(caller: CrmCaller, id: number): Promise<ClientImport & { message: string }> {
      const result = await db.transaction(async (tx) => {
        const row = await findImport(tx, caller.shopId, id, true);
        if (row.status !== 'completed') throw new HttpError(409, M.notRevertible);
        const [{ n }] = await tx
          .select({ n: count() })
          .from(crmClients)
          .where(
            and(
              eq(crmClients.shopId, caller.shopId),
              eq(crmClients.importId, id),
              isNotNull(crmClients.userId),
              sql`exists (select 1 from ${orders} where ${orders.shopId} = ${crmClients.shopId} and ${orders.buyerId} = ${crmClients.userId})`,
            ),
          );
        if (Number(n) > 0) throw new HttpError(409, M.hasOrders(Number(n)));
        let stored: StoredFile | undefined;
        try {
          stored = JSON.parse(await fs.readFile(fileOf(caller.shopId, id), 'utf8')) as StoredFile;
        } catch {
          stored = undefined;
        }
        const deleted = await tx
          .delete(crmClients)
          .where(and(eq(crmClients.shopId, caller.shopId), eq(crmClients.importId, id)))
          .returning({ id: crmClients.id });
        let restored = 0;
        for (const m of stored?.merged ?? []) {
          const before = { ...m.before } as Partial<CrmClientRow>;
          await repo.updateClient(tx, caller.shopId, m.id, before);
          restored++;
        }
        const [done] = await tx
          .update(clientImports)
          .set({ status: 'reverted', finishedAt: new Date() })
          .where(eq(clientImports.id, id))
          .returning();
        return { done, deleted: deleted.length, restored };
      });
      await fs.rm(fileOf(caller.shopId, id), { force: true });
      return { ...(await toItem(result.done)), message: M.reverted(result.deleted, result.restored) };
    },

    /** Resolves when the run of `id` in this process is over (e.g. to wait for it before a shutdown). */
    settled: (id: number) => running.get(id) ?? Promise.resolve(),
  };
}
export type ClientImportsService = ReturnType<typeof createClientImportsService>;
