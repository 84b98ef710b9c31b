/**
 * The inalterable journal of a till (CGI art. 286 I 3° bis: inalterability, security, conservation and
 * archiving of the records of a till that takes cash). Every ticket, closing and technical event is a record whose
 * hash is SHA-256 over the previous record's hash and the record's canonical content: changing any stored record,
 * or removing one, breaks every hash after it. `canonical` writes the content the same way wherever it is hashed
 * (keys sorted, no spaces), so the api, the verification and an offline till agree byte for byte.
 */
export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

export function canonical(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('canonical: a number must be finite');
    return JSON.stringify(value);
  }
  if (typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return `{${Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  throw new Error(`canonical: cannot write a ${typeof value}`);
}

/** What is hashed for a record: the previous hash, a separator, the canonical content. */
export const chainInput = (previousHash: string, content: unknown) => `${previousHash}\n${canonical(content)}`;

/** The hash that starts a chain. */
export const GENESIS = '0'.repeat(64);
