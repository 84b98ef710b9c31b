import { basename } from 'node:path';

export const NO_CACHE = 'no-cache';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A content hash in the file name: `main.3f2a1b9c0d.js`, `chunk.0a1b2c3d.css.map`. */
const HASHED = /\.[0-9a-f]{8,}\./;

/** Files the Module Federation runtime fetches by a fixed name: always revalidated. */
const ENTRY_FILES = new Set(['mf-manifest.json', 'remoteEntry.js', 'routes.json', 'index.html']);

/**
 * Cache-Control of a static file. Unhashed files (entry points, favicon, robots.txt…)
 * are `no-cache` (revalidated with ETag / Last-Modified): never serve a stale entry point.
 */
export function cacheControlFor(filePath: string): string {
  const name = basename(filePath);
  if (ENTRY_FILES.has(name)) return NO_CACHE;
  return HASHED.test(name) ? IMMUTABLE : NO_CACHE;
}
