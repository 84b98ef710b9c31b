// The one list query of the api (contract shared-kernel/contracts/list.ts): every list endpoint declares
// its sortable columns, its default sort and its typed filters, and reads
//
//   ?page=2&pageSize=50&sort=-createdAt&q=dupont&<filter>=<value>&filter={"<filter>":…}
//
// with the same rules and the same French 400 `{ success:false, message, field }` everywhere. Answer with `paginated`.
import { asc, desc, type AnyColumn, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_MAX, SEARCH_MAX, parseSort, type Paginated, type SortSpec } from 'shared-kernel/contracts';

export const PAGE_MAX = 100_000;
export const OFFSET_MAX = 1_000_000;

export const LIST_MESSAGES = {
  page: 'Le paramètre page doit être un entier supérieur ou égal à 1',
  pageSize: `Le paramètre pageSize doit être un entier entre 1 et ${PAGE_SIZE_MAX}`,
  offset: 'Le paramètre offset doit être un entier positif',
  sort: (columns: readonly string[]) => `Le paramètre sort accepte ${columns.map((c) => `${c} ou -${c}`).join(', ')}`,
  q: `La recherche ne doit pas dépasser ${SEARCH_MAX} caractères`,
  filter: 'Le paramètre filter doit être un objet JSON valide',
  unknownFilter: (key: string) => `Le filtre ${key} n'existe pas`,
  once: (name: string) => `Le paramètre ${name} ne doit être donné qu'une fois`,
} as const;

/** What a list endpoint declares. */
export interface ListDeclaration<C extends string, F extends z.ZodRawShape> {
  /** sortable columns (wire names) */
  sort: readonly C[];
  /** `col` or `-col` */
  defaultSort: C | `-${C}`;
  /** typed filters: each one a query parameter of its own and a key of the JSON `filter` object */
  filters?: F;
  /** default page size (DEFAULT_PAGE_SIZE) */
  defaultPageSize?: number;
  /**
   * Historical names kept working: `search` (= q), `limit` (= pageSize), `offset` (rows to skip, instead of page).
   * Each listed name is accepted; the canonical name wins when both are given.
   */
  legacy?: ReadonlyArray<'search' | 'limit' | 'offset'>;
}

/** A parsed list query. */
export interface ListQuery<C extends string = string, F = Record<string, unknown>> {
  page: number;
  pageSize: number;
  /** rows to skip: (page - 1) × pageSize, or the legacy `offset` */
  offset: number;
  sort: SortSpec<C>;
  /** trimmed search text; undefined when empty */
  q?: string;
  filters: F;
}

type Issue = { message: string; path: (string | number)[] };

/** A single string value of a query parameter (repeated → an error naming it). */
function single(raw: unknown, name: string, issues: Issue[]): string | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw === 'string') return raw;
  issues.push({ message: LIST_MESSAGES.once(name), path: [name] });
  return undefined;
}

function intOf(raw: string | undefined, min: number, max: number): number | undefined | null {
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d{1,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n < min || n > max ? null : n;
}

/** The documentation of a list query (OpenAPI parameters), kept beside the schema that parses it. */
const docs = new WeakMap<z.ZodType, z.ZodObject>();
export function listQueryDoc(schema: z.ZodType): z.ZodObject | undefined {
  return docs.get(schema);
}

/**
 * Builds the zod schema of a list endpoint's query string (see the file header). Every failure is an issue whose path
 * names the parameter (`page`, `pageSize`, `sort`, `q`, `filter`, `filter.<key>` or the filter's own parameter), so
 * `parseOrThrow` answers 400 `{ success:false, message, field }`.
 */
export function listQuery<C extends string, F extends z.ZodRawShape = Record<never, never>>(decl: ListDeclaration<C, F>) {
  const filterShape = (decl.filters ?? {}) as F;
  const filterKeys = Object.keys(filterShape);
  // built once: zod 4 compiles an object schema on its first parse (a schema built per request costs ~0.3 ms each)
  const filterSchema = z.object(filterShape);
  const sortable = new Set<string>(decl.sort);
  const defaultSort = parseSort(decl.defaultSort) as SortSpec<C>;
  const defaultPageSize = decl.defaultPageSize ?? DEFAULT_PAGE_SIZE;
  const legacy = new Set(decl.legacy ?? []);
  const sortMessage = LIST_MESSAGES.sort(decl.sort);

  const schema = z.record(z.string(), z.unknown()).transform((query, ctx): ListQuery<C, z.output<z.ZodObject<F>>> => {
    const issues: Issue[] = [];
    const fail = () => {
      for (const i of issues) ctx.addIssue({ code: 'custom', message: i.message, path: i.path });
      return z.NEVER;
    };

    const page = intOf(single(query.page, 'page', issues), 1, PAGE_MAX);
    if (page === null) issues.push({ message: LIST_MESSAGES.page, path: ['page'] });
    const sizeName = query.pageSize === undefined && legacy.has('limit') && query.limit !== undefined ? 'limit' : 'pageSize';
    const pageSize = intOf(single(query[sizeName], sizeName, issues), 1, PAGE_SIZE_MAX);
    if (pageSize === null) issues.push({ message: LIST_MESSAGES.pageSize, path: [sizeName] });
    let offset: number | undefined | null;
    if (legacy.has('offset') && query.page === undefined) {
      offset = intOf(single(query.offset, 'offset', issues), 0, OFFSET_MAX);
      if (offset === null) issues.push({ message: LIST_MESSAGES.offset, path: ['offset'] });
    }

    const rawSort = single(query.sort, 'sort', issues);
    let sort = defaultSort;
    if (rawSort !== undefined && rawSort !== '') {
      const spec = parseSort(rawSort);
      if (!spec || !sortable.has(spec.column)) issues.push({ message: sortMessage, path: ['sort'] });
      else sort = spec as SortSpec<C>;
    }

    const qName = query.q === undefined && legacy.has('search') && query.search !== undefined ? 'search' : 'q';
    const rawQ = single(query[qName], qName, issues)?.trim();
    if (rawQ !== undefined && rawQ.length > SEARCH_MAX) issues.push({ message: LIST_MESSAGES.q, path: [qName] });

    // filters: the JSON object first, each parameter of its own overrides its key
    const merged: Record<string, unknown> = {};
    const origin: Record<string, (string | number)[]> = {};
    const rawFilter = single(query.filter, 'filter', issues);
    if (rawFilter !== undefined && rawFilter.trim() !== '') {
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawFilter);
      } catch {
        parsed = undefined;
      }
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
        issues.push({ message: LIST_MESSAGES.filter, path: ['filter'] });
      } else {
        for (const [k, v] of Object.entries(parsed)) {
          if (!filterKeys.includes(k)) {
            issues.push({ message: LIST_MESSAGES.unknownFilter(k), path: ['filter', k] });
            continue;
          }
          merged[k] = v;
          origin[k] = ['filter', k];
        }
      }
    }
    for (const k of filterKeys) {
      if (query[k] === undefined) continue;
      merged[k] = query[k];
      origin[k] = [k];
    }
    let filters = {} as z.output<z.ZodObject<F>>;
    const parsedFilters = filterSchema.safeParse(merged);
    if (parsedFilters.success) filters = parsedFilters.data;
    else {
      for (const issue of parsedFilters.error.issues) {
        const [key, ...rest] = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
        issues.push({ message: issue.message, path: [...(origin[String(key)] ?? [String(key)]), ...rest] });
      }
    }

    if (issues.length) return fail();
    const size = pageSize ?? defaultPageSize;
    const skip = offset ?? ((page ?? 1) - 1) * size;
    return {
      page: offset !== undefined && offset !== null ? Math.floor(offset / size) + 1 : (page ?? 1),
      pageSize: size,
      offset: skip,
      sort,
      ...(rawQ ? { q: rawQ } : {}),
      filters,
    };
  });

  // what OpenAPI shows: every parameter as the string it is on the wire
  const doc: Record<string, z.ZodType> = {
    page: z.string().optional().describe('page number, ≥ 1 (default 1)'),
    pageSize: z.string().optional().describe(`1–${PAGE_SIZE_MAX} (default ${defaultPageSize})`),
    sort: z
      .enum([...decl.sort.flatMap((c) => [c, `-${c}`])] as [string, ...string[]])
      .optional()
      .describe(`sort column, '-' prefix = descending (default ${decl.defaultSort})`),
    q: z.string().max(SEARCH_MAX).optional().describe('free-text search (trimmed)'),
  };
  if (filterKeys.length) {
    doc.filter = z
      .string()
      .optional()
      .describe(`JSON object of filters (${filterKeys.join(', ')}); a parameter of its own wins`);
    for (const [k, s] of Object.entries(filterShape)) {
      const d = (s as z.ZodType).description;
      doc[k] = z
        .string()
        .optional()
        .describe(d ?? `filter ${k}`);
    }
  }
  if (legacy.has('search')) doc.search = z.string().optional().describe('former name of q');
  if (legacy.has('limit')) doc.limit = z.string().optional().describe('former name of pageSize');
  if (legacy.has('offset')) doc.offset = z.string().optional().describe('rows to skip (instead of page)');
  docs.set(schema, z.object(doc));
  return schema;
}

/** The answer of every list endpoint (contract `Paginated<T>`). */
export function paginated<T>(items: T[], total: number, query: Pick<ListQuery, 'page' | 'pageSize'>): Paginated<T> {
  return { items, total, page: query.page, pageSize: query.pageSize };
}

/** ORDER BY of a declared sort: the column, then `tieBreaker` (the id) in the same direction for a stable paging. */
export function orderByOf<C extends string>(sort: SortSpec<C>, columns: Record<C, AnyColumn | SQL>, tieBreaker?: AnyColumn): SQL[] {
  const dir = sort.direction === 'desc' ? desc : asc;
  const out = [dir(columns[sort.column])];
  if (tieBreaker && columns[sort.column] !== tieBreaker) out.push(dir(tieBreaker));
  return out;
}

/** `%term%` for LIKE / ILIKE with the term's own `%`, `_` and `\` escaped. */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One integer query parameter outside the list envelope (a public endpoint's historical `limit`/`offset`, a bounded
 * `limit` of a short list): digits only, within [min, max], `def` when absent or empty; else 400 naming it.
 */
export function intQueryParam(name: string, min: number, max: number, def: number) {
  const message = `Le paramètre ${name} doit être un entier entre ${min} et ${max}`;
  return z
    .union([z.string(), z.number()], { error: message })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return def;
      const n = typeof v === 'number' ? v : /^\d{1,9}$/.test(v.trim()) ? Number(v.trim()) : NaN;
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });
}

/** A filter of several values, comma-separated (`?status=online,paused`): the screens' `multiEnum`. */
export function csvFilter<T extends string>(values: readonly T[] | null, message: string) {
  return z
    .string({ error: message })
    .max(1000, message)
    .transform((s, ctx) => {
      const list = [
        ...new Set(
          s
            .split(',')
            .map((x) => x.trim())
            .filter(Boolean),
        ),
      ];
      if (values && list.some((x) => !(values as readonly string[]).includes(x))) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return list as T[];
    })
    .optional();
}
