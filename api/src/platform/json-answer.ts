import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';

/** A JSON answer serialised once (kept in a cache, sent many times): its bytes and their strong ETag. */
export interface JsonAnswer {
  body: Buffer;
  etag: string;
}

export function jsonAnswer(value: unknown): JsonAnswer {
  const body = Buffer.from(JSON.stringify(value));
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

/** If-None-Match holds this ETag (a list, `*`, or the weak form a compressing proxy may have made of it). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

/**
 * Sends a JSON answer with its ETag; 304 without a body when the client (browser, gateway) already holds it.
 * `shared`: the same answer for every anonymous visitor → `public` (a shared cache may keep it, revalidating every
 * time: `max-age=0, must-revalidate`); otherwise `private, no-cache` (only the visitor's browser, revalidated).
 */
export function sendJsonAnswer(req: Request, res: Response, answer: JsonAnswer, { shared }: { shared: boolean }): void {
  res.setHeader('ETag', answer.etag);
  res.setHeader('Cache-Control', shared ? 'public, max-age=0, must-revalidate' : 'private, no-cache');
  res.setHeader('Vary', 'Authorization');
  if (matchesEtag(req.get('if-none-match'), answer.etag)) {
    res.status(304).end();
    return;
  }
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', String(answer.body.length));
  res.end(answer.body);
}
