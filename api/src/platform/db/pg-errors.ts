/**
 * PostgreSQL errors as the api answers them, read once here for every route.
 *
 * Drizzle wraps the driver's error (node-postgres or PGlite) in a DrizzleQueryError whose message carries the SQL and
 * its parameters: the SQLSTATE is on a cause. `pgErrorOf` walks the causes to the driver's error.
 * - 23505 unique_violation: two writes raced for the same name / email / code; the loser gets 409 naming the field
 *   (the rule a service checked first says the same thing in its own words, this is the net under the race).
 * - 22003 numeric_value_out_of_range, 22P02 invalid_text_representation, 22007/22008 bad date or time, 22001 string too
 *   long: an input no schema bounded reached the database; 400, never a 500.
 * See https://www.postgresql.org/docs/current/errcodes-appendix.html for the codes.
 */

export interface PgError {
  code: string;
  constraint?: string;
  detail?: string;
  column?: string;
  table?: string;
  message?: string;
}

/** The driver's error under drizzle's wrapping (a few causes deep at most), or null when it is not a database error. */
export function pgErrorOf(err: unknown): PgError | null {
  for (let e = err as (PgError & { cause?: unknown }) | null | undefined, i = 0; e && i < 6; e = e.cause as typeof e, i++)
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e;
  return null;
}

/** A unique violation, of `constraint` when given (its name or a part of it). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = pgErrorOf(err);
  if (e?.code !== '23505') return false;
  return !constraint || !e.constraint || e.constraint.includes(constraint);
}

const camel = (s: string) => s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
/** Columns that scope a row (its shop, its owner), never the one the user typed. */
const SCOPE = new Set(['shop_id', 'shopId', 'user_id', 'owner_id', 'salespoint_id', 'client_id', 'order_id', 'kind']);

/**
 * The field a unique violation is about, from PostgreSQL's detail « Key (shop_id, lower(name))=(…) already exists. »:
 * the last key column that is not a scope, in the api's camelCase; else from the constraint's name.
 */
export function uniqueFieldOf(e: PgError): string | undefined {
  const cols = /^Key \((.+?)\)=/.exec(e.detail ?? '')?.[1];
  const names = (cols ?? '')
    .split(',')
    .map((c) =>
      c
        .trim()
        .replace(/^(?:lower|upper|btrim|trim)\((.*)\)$/i, '$1')
        .replace(/::\w+$/, ''),
    )
    .map((c) => c.replace(/^\(+|\)+$/g, '').replace(/::\w+$/, ''))
    .filter((c) => /^[a-z_][a-z0-9_]*$/i.test(c) && !SCOPE.has(c));
  if (names.length) return camel(names[names.length - 1]);
  // `<table>_<columns>_uq`: the last column word of the constraint's name, scopes and functions dropped
  const words = (e.constraint ?? '')
    .split('_')
    .slice(1, -1)
    .filter((w) => w && !['shop', 'id', 'lower', 'upper', 'user'].includes(w));
  return words.length ? camel(words[words.length - 1]) : undefined;
}

export const PG_ERROR_MESSAGES = {
  taken: 'Cette valeur est déjà utilisée',
  outOfRange: 'Valeur hors limites',
  invalid: 'Valeur invalide',
  tooLong: 'Texte trop long',
} as const;

/** What the api answers for a database error caused by the input (409 / 400), or null for a real server error. */
export function clientErrorOf(err: unknown): { status: 400 | 409; message: string; field?: string } | null {
  const e = pgErrorOf(err);
  if (!e) return null;
  const field = e.column ? camel(e.column) : undefined;
  switch (e.code) {
    case '23505':
      return { status: 409, message: PG_ERROR_MESSAGES.taken, field: uniqueFieldOf(e) };
    case '22003':
      return { status: 400, message: PG_ERROR_MESSAGES.outOfRange, field };
    case '22P02':
    case '22007':
    case '22008':
      return { status: 400, message: PG_ERROR_MESSAGES.invalid, field };
    case '22001':
      return { status: 400, message: PG_ERROR_MESSAGES.tooLong, field };
    default:
      return null;
  }
}
