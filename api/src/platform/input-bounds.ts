// Numbers the database can hold, for every declared route (platform/routes.ts runs this on each parsed input).
// A route's zod schema says what a field means; this net makes sure no number it let through can reach PostgreSQL
// out of range (« value out of range for type integer » was a 500): ids stay within 1 … 2³¹−1 (an integer, or the
// route answers 400 naming the field — 404 for a path id, as for any id that matches nothing), other integers within
// ±(2³¹−1), and no number beyond what JavaScript holds exactly (1e23) or not finite.
import { BOUND_MESSAGES, ID_MAX, isIdKey } from 'shared-kernel/contracts';
import { HttpError } from './http-error';

function check(value: unknown, path: string[], idLike: boolean, notFound: boolean, depth: number): void {
  if (depth > 32) return;
  if (typeof value === 'number') {
    const field = path.join('.');
    const fail = (message: string) => {
      throw new HttpError(notFound ? 404 : 400, message, field || undefined);
    };
    if (!Number.isFinite(value) || Math.abs(value) > Number.MAX_SAFE_INTEGER) fail(BOUND_MESSAGES.tooLarge);
    if (idLike) {
      if (!Number.isInteger(value) || value < 1 || value > ID_MAX) fail(BOUND_MESSAGES.id);
    } else if (Number.isInteger(value) && Math.abs(value) > ID_MAX) fail(BOUND_MESSAGES.tooLarge);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((v, i) => check(v, [...path, String(i)], idLike, notFound, depth + 1));
    return;
  }
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    for (const [k, v] of Object.entries(value)) check(v, [...path, k], isIdKey(k), notFound, depth + 1);
}

/**
 * Throws 400 (404 for path parameters) naming the first number out of bounds in a parsed input. A parsed list query
 * (platform/list-query.ts) keeps its filters under `filters`: they are named as on the wire (`clientId`).
 */
export function assertBoundedNumbers(value: unknown, opts: { notFound?: boolean } = {}): void {
  const v = value as { filters?: unknown; page?: unknown; pageSize?: unknown } | null;
  if (v && typeof v === 'object' && 'filters' in v && 'page' in v && 'pageSize' in v) {
    const { filters, ...rest } = v;
    check(rest, [], false, !!opts.notFound, 0);
    check(filters, [], false, !!opts.notFound, 0);
    return;
  }
  check(value, [], false, !!opts.notFound, 0);
}
