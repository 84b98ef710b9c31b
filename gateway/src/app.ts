import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import { extname, join } from 'node:path';
import compression from 'compression';
import expressStaticGzip from 'express-static-gzip';
import express, { type ErrorRequestHandler, type Express, type RequestHandler, type Response } from 'express';
import { cacheControlFor, NO_CACHE } from './cache';
import type { GatewayConfig } from './config';
import { createLogger, type Logger } from './logger';
import { apiProxy, isApiPath } from './proxy';
import { RegistryStore } from './registry';
import { captchaSources, securityHeaders } from './security';
import {
  appendToHead,
  getJson,
  indexHtmlReader,
  injectHead,
  remoteForPath,
  remotePreloads,
  seoHead,
  seoTarget,
  shopDataScript,
} from './seo';
import { hasAdultCookie } from 'shared-kernel/domain';
import { ADULT_SET_COOKIE, FIRST_PAINT_HEAD, dataScript, firstPaintLoader, injectFirstPaint, isNarrow } from './first-paint';

export interface GatewayApp extends Express {
  registry: RegistryStore;
  logger: Logger;
}

/**
 * Extensions of files a browser fetches as sub-resources. A missing one is a 404, never
 * the shell's index.html (which would be parsed as JS/CSS and hide the real error).
 */
const ASSET_EXTENSIONS = new Set([
  '.js',
  '.mjs',
  '.cjs',
  '.css',
  '.map',
  '.json',
  '.wasm',
  '.txt',
  '.xml',
  '.webmanifest',
  '.png',
  '.jpg',
  '.jpeg',
  '.gif',
  '.webp',
  '.avif',
  '.svg',
  '.ico',
  '.bmp',
  '.woff',
  '.woff2',
  '.ttf',
  '.otf',
  '.eot',
  '.mp3',
  '.mp4',
  '.webm',
  '.ogg',
  '.pdf',
  '.zip',
  '.csv',
  '.html',
]);

/**
 * Whether a GET that no file answered is a client-side route (→ shell index.html) or a
 * missing asset (→ 404). No extension → route. A known asset extension → 404. Another
 * dotted last segment (a product slug like /domaine-demo/magnum-1.5l) → route when the
 * browser asks for HTML (a navigation), 404 otherwise.
 */
export function isClientRoute(path: string, accept: string | undefined): boolean {
  if (isApiPath(path) || path === '/apps' || path.startsWith('/apps/')) return false;
  const ext = extname(path).toLowerCase();
  if (!ext) return true;
  if (ASSET_EXTENSIONS.has(ext)) return false;
  return (accept ?? '').includes('text/html');
}

function notFound(res: Response): void {
  res.status(404).set('Cache-Control', 'no-store').type('text/plain').send('Not Found');
}

/**
 * A built folder: its files, and the `.br` copies the production build wrote beside them (brotli at the highest
 * quality, tooling/rspack/common.mjs) to browsers that accept br — smaller than compressing on the fly. Files
 * without a copy are compressed on the fly by the compression middleware, as before.
 */
function staticFiles(dir: string): RequestHandler {
  return expressStaticGzip(dir, {
    enableBrotli: true,
    orderPreference: ['br'],
    index: false,
    serveStatic: {
      index: false,
      redirect: false,
      fallthrough: true,
      cacheControl: false,
      setHeaders: (res, filePath) => res.setHeader('Cache-Control', cacheControlFor(filePath.replace(/\.br$/, ''))),
    },
  });
}

export function createApp(config: GatewayConfig, opts: { logger?: Logger } = {}): GatewayApp {
  const log = opts.logger ?? createLogger(config.logLevel);
  const registry = new RegistryStore(config, log);
  const app = express() as GatewayApp;
  app.registry = registry;
  app.logger = log;
  app.disable('x-powered-by');

  // Access log (one line per request, after the response).
  app.use((req, res, next) => {
    const start = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      const level = req.path === '/healthz' ? 'debug' : res.statusCode >= 500 ? 'warn' : 'info';
      log[level]({ method: req.method, url: req.originalUrl, status: res.statusCode, ms: Math.round(ms * 10) / 10 }, 'request');
    });
    next();
  });

  // gzip / brotli (compression 1.8 negotiates br) for compressible types over 1 KB.
  // Server-sent events from the api are left alone (compression would buffer them).
  app.use(
    compression({
      filter: (req, res) => {
        if (String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream')) return false;
        return compression.filter(req, res);
      },
    }),
  );

  // /v1/* → api, before anything that could read the body. The api sets its own headers.
  app.use(apiProxy(config, log));

  app.use(securityHeaders(registry.remoteOrigins(), captchaSources(config.env)));

  // Every page's first request after the HTML: its brotli copy is made once per registry at the highest quality
  // (≈ 15 % smaller than the on-the-fly compression), like the precompressed assets.
  let compressedFor: { body: unknown; json: string; br: Buffer } | null = null;
  app.get('/remotes.json', async (req, res) => {
    const { registry: body } = await registry.get();
    if (compressedFor?.body !== body) {
      const json = JSON.stringify(body);
      const br = brotliCompressSync(json, {
        params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: json.length },
      });
      compressedFor = { body, json, br };
    }
    res.set('Cache-Control', NO_CACHE).set('Vary', 'Accept-Encoding').type('application/json');
    if (/\bbr\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      res.set('Content-Encoding', 'br').send(compressedFor.br);
      return;
    }
    res.send(compressedFor.json);
  });

  app.get('/version.json', async (_req, res) => {
    const { registry: body } = await registry.get();
    res.set('Cache-Control', NO_CACHE).json({ version: body.version });
  });

  app.get('/healthz', async (_req, res) => {
    let api: 'up' | 'down' = 'down';
    try {
      const r = await fetch(`${config.apiUrl}/v1/health`, { signal: AbortSignal.timeout(config.healthTimeoutMs) });
      await r.body?.cancel();
      // any HTTP answer below 500 means the api process is there
      api = r.status < 500 ? 'up' : 'down';
    } catch {
      api = 'down';
    }
    res.set('Cache-Control', 'no-store').json({ ok: true, api });
  });

  // Remotes: /apps/<name>/… from that remote's dist; CORS open (a shell on another origin may load them).
  const remoteStatic = new Map<string, RequestHandler>();
  app.use('/apps/:remote', (req, res, next) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
      res.setHeader('Access-Control-Max-Age', '86400');
      res.status(204).end();
      return;
    }
    const remote = registry.remotes().find((r) => r.name === req.params.remote);
    if (!remote) return notFound(res);
    let serve = remoteStatic.get(remote.dir);
    if (!serve) {
      serve = staticFiles(remote.dir);
      remoteStatic.set(remote.dir, serve);
    }
    serve(req, res, next);
  });
  app.use('/apps', (_req, res) => notFound(res));

  // The first paint of shop and product pages (first-paint.ts): mfe-shop's server render, when its dist is local.
  const loadFirstPaint = firstPaintLoader();
  async function withFirstPaint(
    html: string,
    page: {
      kind: 'shop' | 'product';
      url: string;
      search: string;
      shop: unknown;
      product: unknown;
      headers: Record<string, string | string[] | undefined>;
    },
  ): Promise<string> {
    const shopRemote = registry.remotes().find((r) => r.name === 'mfe-shop' && !r.manifestUrl);
    if (!shopRemote) return html;
    try {
      const mod = loadFirstPaint(shopRemote.dir);
      if (!mod) return html;
      if (page.kind === 'product' && !page.product) return html;
      let listing: { key: string; data: unknown } | null = null;
      if (page.kind === 'shop') {
        const need = mod.listingRequest(page.search, page.shop);
        if (need) {
          const data = await getJson<unknown>(`${config.apiUrl.replace(/\/$/, '')}${need.path}`, config.seoTimeoutMs);
          if (!data) return html;
          listing = { key: need.key, data };
        }
      }
      const header = (name: string) => {
        const v = page.headers[name];
        return typeof v === 'string' ? v : undefined;
      };
      const cookie = header('cookie');
      const markup = mod.render({
        url: page.url,
        lang: mod.languageOf(page.search, cookie, header('accept-language')),
        adult: hasAdultCookie(cookie),
        wide: !isNarrow({ 'sec-ch-ua-mobile': header('sec-ch-ua-mobile'), 'user-agent': header('user-agent') }),
        shop: page.shop,
        listing,
        product: page.product,
      });
      const data = [
        FIRST_PAINT_HEAD,
        listing ? dataScript('wz-listing-data', listing) : '',
        page.kind === 'product' ? dataScript('wz-product-data', page.product) : '',
      ];
      return injectFirstPaint(appendToHead(html, data.filter(Boolean).join('\n')), markup);
    } catch (err) {
      log.warn({ err: (err as Error).message, url: page.url }, 'first paint not rendered');
      return html;
    }
  }

  // Shell assets, then client-side routes → index.html.
  app.use(staticFiles(config.shellDir));
  const indexHtml = join(config.shellDir, 'index.html');
  // '/{*splat}' also matches '/' ('/*splat' needs at least one character)
  const readIndex = indexHtmlReader(indexHtml);
  app.get('/{*splat}', async (req, res, next) => {
    if (!isClientRoute(req.path, req.headers.accept)) return next();
    let html: string;
    try {
      html = await readIndex();
    } catch (err) {
      log.error({ err: (err as Error).message, file: indexHtml }, 'shell index.html not available');
      res.status(503).set('Cache-Control', 'no-store').type('text/plain').send('Application indisponible : le shell n’est pas construit.');
      return;
    }
    // Shop and product URLs: SEO tags from the api injected into index.html, and the server's first paint.
    const target = seoTarget(req.path);
    const qAt = req.originalUrl.indexOf('?');
    const search = qAt >= 0 ? req.originalUrl.slice(qAt) : '';
    if (target && req.query.adult === '1') {
      // the first paint's age gate works before the app has run: 'I am 18 or older' links here with ?adult=1
      const params = new URLSearchParams(search);
      params.delete('adult');
      const rest = params.toString();
      res
        .set('Set-Cookie', ADULT_SET_COOKIE)
        .set('Cache-Control', 'no-store')
        .redirect(303, `${req.path}${rest ? `?${rest}` : ''}`);
      return;
    }
    if (target) {
      let shop: unknown = null;
      let product: unknown = null;
      const head = await seoHead(target, {
        apiUrl: config.apiUrl,
        origin: `${req.protocol}://${req.get('host')}`,
        timeoutMs: config.seoTimeoutMs,
        onShop: (s) => {
          shop = s;
        },
        onProduct: (p) => {
          product = p;
        },
      });
      if (head) html = injectHead(html, head);
      if (head && shop) {
        html = appendToHead(html, shopDataScript(shop));
        html = await withFirstPaint(html, { kind: target.kind, url: req.originalUrl, search, shop, product, headers: req.headers });
      }
    }
    // Preload the remote this page needs (its manifest and remoteEntry) in parallel with the shell.
    try {
      const { registry: body } = await registry.get();
      const remote = remoteForPath(body, req.path);
      if (remote) html = appendToHead(html, remotePreloads(remote.entry));
    } catch (err) {
      log.warn({ err: (err as Error).message }, 'registry not inlined');
    }
    res.status(200).set('Cache-Control', NO_CACHE).type('html').send(html);
  });

  app.use((_req, res) => notFound(res));

  const onError: ErrorRequestHandler = (err, req, res, _next) => {
    log.error({ err, method: req.method, url: req.originalUrl }, 'unhandled error');
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const status = typeof err?.status === 'number' && err.status >= 400 && err.status < 600 ? err.status : 500;
    res.status(status).set('Cache-Control', 'no-store').json({ success: false, message: 'Une erreur est survenue' });
  };
  app.use(onError);

  return app;
}
