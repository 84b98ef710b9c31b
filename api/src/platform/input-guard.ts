/**
 * Malformed input stops at the edge, for every present and future endpoint: PostgreSQL refuses the NUL
 * character in text and jsonb and a lone UTF-16 surrogate in jsonb (the request would end in a 500), and JSON nested
 * thousands of levels deep overflows the stack of whatever walks it. Such input gets a 400 naming the field:
 * - the request body (after express.json), every string and every key, at any depth;
 * - the query string and the path (after percent-decoding);
 * - JSON carried in a query parameter (`filter=`, `shopIds=`…): `parseJsonParam`.
 */
import type { RequestHandler } from 'express';
import { HttpError } from './http-error';

/** Deeper than any body of the api (a saved cart is about 8 levels). */
export const MAX_JSON_DEPTH = 32;

export const INPUT_MESSAGES = {
  badChar: (field: string) => `Le champ ${field} contient un caractère non autorisé`,
  badPath: "L'adresse demandée contient un caractère non autorisé",
  tooDeep: 'Requête invalide : données trop imbriquées',
} as const;

/** In unicode mode a surrogate pair is one code point: \p{Cs} matches only a surrogate without its pair. */
const UNSAFE = /[\0\p{Cs}]/u;

/** A NUL, or a UTF-16 surrogate without its pair. */
export function isUnsafeText(s: string): boolean {
  return UNSAFE.test(s);
}

const join = (path: string, key: string | number) => (typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key);

/** Throws a 400 for the first unsafe string or key, or for nesting beyond MAX_JSON_DEPTH. Iterative: no stack to overflow. */
export function assertSafeJson(value: unknown, root = ''): void {
  const stack: Array<[unknown, string, number]> = [[value, root, 0]];
  while (stack.length) {
    const [v, path, depth] = stack.pop()!;
    if (typeof v === 'string') {
      if (isUnsafeText(v)) throw new HttpError(400, INPUT_MESSAGES.badChar(path || 'body'), path || undefined);
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) throw new HttpError(400, INPUT_MESSAGES.tooDeep, path || undefined);
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], join(path, i), depth + 1]);
      continue;
    }
    for (const k of Object.keys(v)) {
      if (isUnsafeText(k)) throw new HttpError(400, INPUT_MESSAGES.badChar(path || 'body'), path || undefined);
      stack.push([(v as Record<string, unknown>)[k], join(path, k), depth + 1]);
    }
  }
}

/** Whether JSON text nests deeper than `max` (strings skipped): tells a too-deep body from a malformed one. */
export function jsonNestsDeeper(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > max) return true;
    } else if (c === 93 || c === 125) depth--;
  }
  return false;
}

/** JSON carried in a query parameter: parsed and checked like a body; `message` when it is not JSON. */
export function parseJsonParam(raw: string, field: string, message: string): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new HttpError(400, message, field);
  }
  assertSafeJson(parsed, field);
  return parsed;
}

/** Path, query string and body of every request. */
export const inputGuard: RequestHandler = (req, _res, next) => {
  let path: string;
  try {
    path = decodeURIComponent(req.path);
  } catch {
    throw new HttpError(400, INPUT_MESSAGES.badPath, 'path');
  }
  if (isUnsafeText(path)) throw new HttpError(400, INPUT_MESSAGES.badPath, 'path');
  assertSafeJson(req.query, '');
  if (req.body !== undefined) assertSafeJson(req.body, '');
  next();
};
