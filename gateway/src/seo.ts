import { insertBefore, removeFirst } from './html';
import { readFile, stat } from 'node:fs/promises';

/**
 * Search engines and link previews: for shop URLs (/{name}, /shops/{id}) and product URLs
 * (/{name}/{id-slug}, /shops/{id}/{id-slug}) the gateway asks the api for the shop / product and injects
 * a real title, description, canonical URL, Open Graph tags and schema.org Product JSON-LD into the
 * shell's index.html, so crawlers get them without running the app. Any api failure or timeout →
 * the plain index.html (never an error page).
 */

/** First path segments that are the product's own routes, never a shop name. */
const RESERVED = new Set([
  'shops',
  'auth',
  'dashboard',
  'gs1',
  'iframes',
  'cart',
  'help',
  'tickets',
  'admin',
  'validate3ds',
  'paypal-return',
  'payment-group',
  'get-api-key',
  'disable-tracking-notif',
  'roi-simulator',
  'apps',
  'v1',
  'static',
  'remotes.json',
  'version.json',
  'healthz',
]);

export type SeoTarget = { kind: 'shop'; shop: string } | { kind: 'product'; shop: string; productId: number };

/** Which SEO page a path is, if any. */
export function seoTarget(path: string): SeoTarget | null {
  const parts = path
    .split('/')
    .filter(Boolean)
    .map((p) => {
      try {
        return decodeURIComponent(p);
      } catch {
        return p;
      }
    });
  if (parts[0] === 'shops') parts.shift();
  else if (!parts.length || RESERVED.has(parts[0])) return null;
  if (parts.length === 1) return { kind: 'shop', shop: parts[0] };
  if (parts.length === 2) {
    const m = /^(\d{1,9})(?:-|$)/.exec(parts[1]);
    if (m) return { kind: 'product', shop: parts[0], productId: Number(m[1]) };
  }
  return null;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const jsonLd = (o: unknown) => JSON.stringify(o).replace(/</g, '\\u003c');
const clip = (s: string, n = 160) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);

interface ShopDto {
  id: number;
  name: string;
  urlShop: string;
  description: string | null;
  editedShop: { logo?: string | null; banner?: string | null } | null;
}
interface ProductDto {
  id: number;
  shopId: number;
  name: string;
  description: string | null;
  precision: string | null;
  status: string;
  visuals: string[];
  vintages: Array<{ name: string }>;
  formats: Array<{ gtin: string | null; stock: number; nameInShop: string | null; price: { priceCents: number; ttc: boolean } | null }>;
}

export async function getJson<T>(url: string, timeoutMs: number): Promise<T | null> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
    if (!res.ok) return null;
    return (await res.json()) as T;
  } catch {
    return null;
  }
}

export function slugOf(p: { id: number; name: string }): string {
  return `${p.id}-${p.name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;
}

/** The tags to inject, or null when the path is not a known shop/product. */
export async function seoHead(
  target: SeoTarget,
  opts: { apiUrl: string; origin: string; timeoutMs?: number; onShop?: (shop: unknown) => void; onProduct?: (product: unknown) => void },
): Promise<string | null> {
  const t = opts.timeoutMs ?? 1500;
  const api = opts.apiUrl.replace(/\/$/, '');
  const shop = await getJson<ShopDto>(`${api}/v1/shops/by-name/${encodeURIComponent(target.shop)}`, t);
  if (!shop) return null;
  opts.onShop?.(shop);
  const shopUrl = `${opts.origin}/${shop.urlShop}`;
  const image = shop.editedShop?.banner || shop.editedShop?.logo || null;
  if (target.kind === 'shop') {
    const title = `${shop.name} — boutique en ligne`;
    const description = clip(shop.description || `Achetez en direct auprès de ${shop.name}.`);
    return headTags({
      title,
      description,
      url: shopUrl,
      ogType: 'website',
      siteName: shop.name,
      image,
      ld: { '@context': 'https://schema.org', '@type': 'Store', name: shop.name, url: shopUrl, description, ...(image ? { image } : {}) },
    });
  }
  const p = await getJson<ProductDto>(`${api}/v1/products/${target.productId}`, t);
  if (!p || p.shopId !== shop.id) return null;
  opts.onProduct?.(p);
  const url = `${shopUrl}/${slugOf(p)}`;
  const title = `${p.name} — ${shop.name}`;
  const description = clip(
    p.description ||
      [p.name, p.precision, p.vintages[0]?.name === 'NV' ? 'Non millésimé' : p.vintages[0]?.name, `vendu par ${shop.name}`]
        .filter(Boolean)
        .join(' · '),
  );
  const pimage = p.visuals[0] ?? image;
  const f = p.formats.find((x) => x.price) ?? p.formats[0];
  const available = p.status === 'online' && p.formats.some((x) => x.stock > 0);
  const ld: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    description,
    url,
    brand: { '@type': 'Brand', name: shop.name },
    ...(pimage ? { image: pimage } : {}),
    ...(f?.gtin ? { gtin13: f.gtin.length === 13 ? f.gtin : undefined, gtin: f.gtin } : {}),
  };
  if (f?.price) {
    ld.offers = {
      '@type': 'Offer',
      url,
      priceCurrency: 'EUR',
      price: (f.price.priceCents / 100).toFixed(2),
      availability: available ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      seller: { '@type': 'Organization', name: shop.name },
    };
  }
  return headTags({
    title,
    description,
    url,
    ogType: 'product',
    siteName: shop.name,
    image: pimage,
    ld,
    extra: f?.price
      ? [
          `<meta property="product:price:amount" content="${(f.price.priceCents / 100).toFixed(2)}">`,
          `<meta property="product:price:currency" content="EUR">`,
        ]
      : [],
  });
}

/** The <head> tags of a shop or product URL: title, description, canonical, Open Graph, JSON-LD. */
function headTags(t: {
  title: string;
  description: string;
  url: string;
  ogType: string;
  siteName: string;
  image: string | null;
  ld: Record<string, unknown>;
  extra?: string[];
}): string {
  return [
    `<title>${esc(t.title)}</title>`,
    `<meta name="description" content="${esc(t.description)}">`,
    `<link rel="canonical" href="${esc(t.url)}">`,
    `<meta property="og:type" content="${t.ogType}">`,
    `<meta property="og:title" content="${esc(t.title)}">`,
    `<meta property="og:description" content="${esc(t.description)}">`,
    `<meta property="og:url" content="${esc(t.url)}">`,
    `<meta property="og:site_name" content="${esc(t.siteName)}">`,
    t.image ? `<meta property="og:image" content="${esc(t.image)}">` : '',
    ...(t.extra ?? []),
    `<script type="application/ld+json">${jsonLd(t.ld)}</script>`,
  ]
    .filter(Boolean)
    .join('\n');
}

/** Puts the tags into index.html: replaces its <title>, adds the rest before </head>. */
export function injectHead(html: string, head: string): string {
  const withoutTitle = removeFirst(html, /<title>[\s\S]*?<\/title>/i);
  return insertBefore(withoutTitle, '</head>', `${head}\n`) ?? `${head}\n${withoutTitle}`;
}

/** Adds markup before </head> (or at the top when the page has no head). */
export function appendToHead(html: string, markup: string): string {
  return insertBefore(html, '</head>', `${markup}\n`) ?? `${markup}\n${html}`;
}

/**
 * The shop as the api answered the gateway (anonymous view of GET /v1/shops/by-name/:name), as an inert JSON script:
 * an anonymous visitor's shop page renders from it instead of waiting for the same request once the app has run.
 */
export function shopDataScript(shop: unknown): string {
  return `<script id="wz-shop-data" type="application/json">${JSON.stringify(shop).replace(/</g, '\\u003c')}</script>`;
}

/** The /remotes.json body as an inert JSON script the shell reads instead of fetching it (`<` escaped). */

/**
 * The remote whose route best matches a URL path (static segments beat `:params`, which beat `*`),
 * as the shell's router would pick it; null when no route matches.
 */
export function remoteForPath(
  registry: { remotes: Array<{ name: string; entry: string; routes: Array<{ path: string }> }> },
  path: string,
): { name: string; entry: string } | null {
  const parts = path.split('/').filter(Boolean);
  let best: { name: string; entry: string; score: number } | null = null;
  for (const remote of registry.remotes) {
    for (const route of remote.routes) {
      const segs = route.path.split('/').filter(Boolean);
      let score = 0;
      let ok = true;
      for (let i = 0; i < segs.length && ok; i++) {
        const seg = segs[i];
        if (seg === '*') {
          score += 1;
          break;
        }
        if (i >= parts.length) ok = false;
        else if (seg.startsWith(':')) score += 2;
        else if (seg === parts[i]) score += 3;
        else ok = false;
      }
      if (ok && segs[segs.length - 1] !== '*' && segs.length !== parts.length) ok = false;
      if (ok && (!best || score > best.score)) best = { name: remote.name, entry: remote.entry, score };
    }
  }
  return best && { name: best.name, entry: best.entry };
}

/**
 * Preload hints for the remote a page needs: its manifest (fetched by the MF runtime with a plain
 * fetch) and its remoteEntry.js, so they download in parallel with the shell's own chunks.
 */
export function remotePreloads(entry: string): string {
  const tags = [`<link rel="preload" href="${esc(entry)}" as="fetch" crossorigin>`];
  if (entry.endsWith('/mf-manifest.json'))
    tags.push(`<link rel="preload" href="${esc(entry.replace(/mf-manifest\.json$/, 'remoteEntry.js'))}" as="script">`);
  return tags.join('\n');
}

/** index.html read once per change of its mtime. */
export function indexHtmlReader(file: string): () => Promise<string> {
  let cached: { mtime: number; html: string } | null = null;
  return async () => {
    const s = await stat(file);
    if (!cached || cached.mtime !== s.mtimeMs) cached = { mtime: s.mtimeMs, html: await readFile(file, 'utf8') };
    return cached.html;
  };
}
