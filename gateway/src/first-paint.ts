import { insertBefore } from './html';
import Module from 'node:module';
import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { adultCookie } from 'shared-kernel/domain';

/**
 * The first paint of shop and product URLs (speed). mfe-shop builds a server render of its pages
 * (dist-server/first-paint.cjs, beside the remote's dist, never inside the folder served to browsers); the gateway loads it from there, fetches the anonymous api answers
 * the page needs (shop, first listing page or product) and puts:
 * - the markup in `#wz-first-paint`, a closed declarative shadow root in front of `#root` (painted as soon as the
 *   HTML arrives; invisible to the app's ids, styles and tests);
 * - the api answers as inert JSON scripts the app renders from (the same markup, no second request);
 * - a style hiding `#root` while the copy is there. The app removes the copy once its page is on screen.
 * A remote served from elsewhere (REMOTE_MFE_SHOP_URL), a missing bundle, an api error or a render error: the page
 * is served as before, without a first paint.
 */

export interface FirstPaintModule {
  listingRequest(search: string, shop: unknown): { key: string; path: string } | null;
  languageOf(search: string, cookie: string | undefined, acceptLanguage: string | undefined): 'fr' | 'en';
  render(input: {
    url: string;
    lang: 'fr' | 'en';
    adult: boolean;
    wide: boolean;
    shop: unknown;
    listing?: { key: string; data: unknown } | null;
    product?: unknown;
  }): string;
}

/** Where the bundle is, from a remote's dist folder: beside it, outside what is served (a path filter was bypassed). */
export const FIRST_PAINT_BUNDLE = join('..', 'dist-server', 'first-paint.cjs');

/** Loads (and reloads when rebuilt) the bundle beside a remote's dist folder; null when it is not there. */
export function firstPaintLoader(): (distDir: string) => FirstPaintModule | null {
  const cache = new Map<string, { mtime: number; mod: FirstPaintModule }>();
  return (distDir) => {
    const file = join(distDir, FIRST_PAINT_BUNDLE);
    let mtime: number;
    try {
      mtime = statSync(file).mtimeMs;
    } catch {
      return null;
    }
    const hit = cache.get(file);
    if (hit && hit.mtime === mtime) return hit.mod;
    if (hit) {
      // a rebuilt bundle: the new copy must not reuse the runtime singletons the old one parked on globalThis
      // (shared-kernel runtime/singleton.ts), or its stores would stay bound to the old copy's React
      delete (globalThis as Record<symbol, unknown>)[Symbol.for('wineriz.shared-kernel.singletons')];
    }
    // compiled afresh (not through require's cache), so a rebuilt bundle replaces the old one without a restart
    const m = new Module(file);
    m.filename = file;
    m.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(dirname(file));
    (m as unknown as { _compile(code: string, file: string): void })._compile(readFileSync(file, 'utf8'), file);
    const mod = m.exports as FirstPaintModule;
    if (typeof mod?.render !== 'function' || typeof mod.listingRequest !== 'function') return null;
    cache.set(file, { mtime, mod });
    return mod;
  };
}

const json = (o: unknown) => JSON.stringify(o).replace(/</g, '\\u003c');

/** Inert JSON script (`<` escaped) the app reads instead of asking the api again. */
export function dataScript(id: string, data: unknown): string {
  return `<script id="${id}" type="application/json">${json(data)}</script>`;
}

/** Hides #root while the first paint is in front of it; the page background the shell's stylesheet will set. */
export const FIRST_PAINT_HEAD =
  "<style>#wz-first-paint~#root{display:none}body{margin:0;background:#f7f5f3;color:#1f1f1f;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}</style>";

/** Puts the markup in front of #root, inside a closed declarative shadow root. */
export function injectFirstPaint(html: string, markup: string): string {
  const host = `<div id="wz-first-paint"><template shadowrootmode="closed">${markup}</template></div>`;
  return insertBefore(html, '<div id="root">', host) ?? html;
}

/** A phone or a narrow screen (the app opens the listing's filters from 960 px): client hint, else the user agent. */
export function isNarrow(headers: { 'sec-ch-ua-mobile'?: string | string[]; 'user-agent'?: string }): boolean {
  const hint = headers['sec-ch-ua-mobile'];
  if (hint === '?1') return true;
  if (hint === '?0') return false;
  return /Mobi|Android|iPhone|iPad|iPod/i.test(headers['user-agent'] ?? '');
}

/** `Set-Cookie` of the age gate's confirmation (one year, the whole site, readable by the app). */
export const ADULT_SET_COOKIE = adultCookie();
