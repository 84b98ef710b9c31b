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
export function cspDirectives(
  remoteOrigins: string[],
  frameAncestors: string[],
  captcha: CaptchaSources = NO_CAPTCHA_SOURCES,
): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remoteOrigins, ...captcha.script],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'", ...remoteOrigins, ...captcha.style],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'connect-src': ["'self'", ...remoteOrigins, ...captcha.connect],
    'font-src': ["'self'", 'data:', ...remoteOrigins],
    // Only when a captcha is configured: its widget is an iframe (otherwise default-src 'self' applies).
    ...(captcha.frame.length ? { 'frame-src': ["'self'", ...captcha.frame] } : {}),
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'frame-ancestors': frameAncestors,
  };
}

/** Extra CSP sources the captcha widget of the register and reset forms needs. */
export interface CaptchaSources {
  script: string[];
  frame: string[];
  style: string[];
  connect: string[];
}
export const NO_CAPTCHA_SOURCES: CaptchaSources = { script: [], frame: [], style: [], connect: [] };

/** hCaptcha's documented CSP: script, frame, style and connect on hcaptcha.com and its subdomains. */
const HCAPTCHA = ['https://hcaptcha.com', 'https://*.hcaptcha.com'];
/** Google's documented CSP for reCAPTCHA (v2 and v3). */
const RECAPTCHA_SCRIPT = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const RECAPTCHA_FRAME = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];

/**
 * The captcha origins, allowed only when the provider is configured: the same env as the api
 * (HCAPTCHA_SITE_KEY, RECAPTCHA_SITE_KEY — the public keys, which is what the browser loads the
 * widget with). Nothing configured → no extra origin at all.
 */
export function captchaSources(env: Record<string, string | undefined>): CaptchaSources {
  const out: CaptchaSources = { script: [], frame: [], style: [], connect: [] };
  if (env.HCAPTCHA_SITE_KEY?.trim()) {
    out.script.push(...HCAPTCHA);
    out.frame.push(...HCAPTCHA);
    out.style.push(...HCAPTCHA);
    out.connect.push(...HCAPTCHA);
  }
  if (env.RECAPTCHA_SITE_KEY?.trim()) {
    out.script.push(...RECAPTCHA_SCRIPT);
    out.frame.push(...RECAPTCHA_FRAME);
    out.connect.push('https://www.google.com/recaptcha/');
  }
  return out;
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
export function securityHeaders(remoteOrigins: string[], captcha: CaptchaSources = NO_CAPTCHA_SOURCES): RequestHandler {
  const common = {
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
    crossOriginEmbedderPolicy: false,
  };
  const denyFraming = cspDirectives(remoteOrigins, ["'none'"], captcha);
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
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(remoteOrigins, ['*'], captcha) },
    xFrameOptions: false,
  });
  return (req, res, next) => {
    if (isEmbeddable(req.path)) return embeddable(req, res, next);
    if (req.path.startsWith('/apps/')) return assets(req, res, next);
    return pages(req, res, next);
  };
}
