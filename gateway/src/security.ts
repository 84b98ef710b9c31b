import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * Content-Security-Policy for the shell and the remotes. Module Federation loads
 * remoteEntry.js and chunks with <script> (script-src), fetches mf-manifest.json (connect-src)
 * and injects the remotes' CSS chunks with <link> (style-src): a separately deployed remote's
 * origin is allowed for those (and its fonts), nothing else. antd's css-in-js injects <style>
 * tags, hence style-src 'unsafe-inline'. No upgrade-insecure-requests: the product is also
 * served over plain http on a LAN / localhost.
 */
export function cspDirectives(remoteOrigins: string[], frameAncestors: string[]): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remoteOrigins],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'", ...remoteOrigins],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'connect-src': ["'self'", ...remoteOrigins],
    'font-src': ["'self'", 'data:', ...remoteOrigins],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'frame-ancestors': frameAncestors,
  };
}

/** True for the embeddable shop widgets (/iframes/<id>), which other sites may frame. */
export function isEmbeddable(path: string): boolean {
  return path.startsWith('/iframes/');
}

/**
 * Security headers: frame-ancestors 'none' + X-Frame-Options DENY everywhere except /iframes/*
 * (frame-ancestors *, no X-Frame-Options). /apps/* is loadable cross-origin
 * (Cross-Origin-Resource-Policy: cross-origin) since a shell on another origin may load the remotes.
 */
export function securityHeaders(remoteOrigins: string[]): RequestHandler {
  const common = {
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
    crossOriginEmbedderPolicy: false,
  };
  const denyFraming = cspDirectives(remoteOrigins, ["'none'"]);
  const pages = helmet({
    ...common,
    contentSecurityPolicy: { useDefaults: false, directives: denyFraming },
    xFrameOptions: { action: 'deny' },
  });
  const assets = helmet({
    ...common,
    contentSecurityPolicy: { useDefaults: false, directives: denyFraming },
    xFrameOptions: { action: 'deny' },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  const embeddable = helmet({
    ...common,
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(remoteOrigins, ['*']) },
    xFrameOptions: false,
  });
  return (req, res, next) => {
    if (isEmbeddable(req.path)) return embeddable(req, res, next);
    if (req.path.startsWith('/apps/')) return assets(req, res, next);
    return pages(req, res, next);
  };
}
