// The one list contract of the back office: every list endpoint answers `paginated(item)` and reads the
// same query parameters, and every list screen (shared-kernel/kit useUrlListState) writes them.
//
//   GET /v1/<resource>?page=2&pageSize=50&sort=-createdAt&q=dupont&<filter>=<value>…
//
// - page      1-based, default 1
// - pageSize  1 … PAGE_SIZE_MAX, default DEFAULT_PAGE_SIZE
// - sort      a column the endpoint declares; a leading '-' sorts descending (`-createdAt`)
// - q         free-text search (trimmed, ≤ 200 characters)
// - filters   one query parameter each, typed by the endpoint's zod schema; a JSON object in `filter` is also read
//             (the catalogue's historical form), a malformed one answers 400 naming `filter`
import { z } from 'zod';

export const DEFAULT_PAGE_SIZE = 20;
export const PAGE_SIZE_MAX = 100;
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const SEARCH_MAX = 200;

/** The answer of every list endpoint. */
export interface Paginated<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** zod schema of a list answer (validation in tests, OpenAPI). */
export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1).max(PAGE_SIZE_MAX),
  });
}

/** A sort on the wire: `column` ascending, `-column` descending. */
export interface SortSpec<C extends string = string> {
  column: C;
  direction: 'asc' | 'desc';
}

export function parseSort(raw: string | undefined | null): SortSpec | undefined {
  if (!raw) return undefined;
  return raw.startsWith('-') ? { column: raw.slice(1), direction: 'desc' } : { column: raw, direction: 'asc' };
}
