// Captcha script loader and a typed facade over window.hcaptcha / window.grecaptcha.
// Hand-written on purpose: the spec §8 captcha errors (no key, no version, failed to load the
// script, failed to execute) are domain behaviour, reported where the widget is.
import type { CaptchaConfig, CaptchaProvider, CaptchaVersion } from 'shared-kernel/contracts';

export type CaptchaErrorCode = 'noKey' | 'noVersion' | 'loadFailed' | 'executeFailed';

export class CaptchaError extends Error {
  readonly code: CaptchaErrorCode;
  constructor(code: CaptchaErrorCode, cause?: unknown) {
    super(`captcha: ${code}`, cause === undefined ? undefined : { cause });
    this.name = 'CaptchaError';
    this.code = code;
  }
}

/** Explicit-render parameters common to hCaptcha and reCAPTCHA v2. */
export interface WidgetParams {
  sitekey: string;
  callback: (token: string) => void;
  'expired-callback': () => void;
  'error-callback': (error?: unknown) => void;
}

/** The part of hCaptcha's JS API we use (https://docs.hcaptcha.com/configuration#javascript-api). */
export interface HCaptchaApi {
  render(container: HTMLElement, params: WidgetParams): string;
  reset(widgetId?: string): void;
  remove?(widgetId: string): void;
}

/** The part of reCAPTCHA's JS API we use (v2 explicit render, v3 execute). */
export interface ReCaptchaApi {
  render(container: HTMLElement, params: WidgetParams): number;
  reset(widgetId?: number): void;
  execute(siteKey: string, options: { action: string }): PromiseLike<string>;
  ready(callback: () => void): void;
}

declare global {
  interface Window {
    hcaptcha?: HCaptchaApi;
    grecaptcha?: ReCaptchaApi;
  }
}

/** A configuration that names a provider, its key and (reCAPTCHA) its version. */
export interface ActiveCaptcha {
  provider: CaptchaProvider;
  siteKey: string;
  /** null for hCaptcha (a checkbox widget, like reCAPTCHA v2). */
  version: CaptchaVersion | null;
}

/** The §8 configuration errors: a provider without key, reCAPTCHA without version. null = usable (or no captcha). */
export function configError(cfg: CaptchaConfig): CaptchaErrorCode | null {
  if (!cfg.provider) return null;
  if (!cfg.siteKey) return 'noKey';
  if (cfg.provider === 'recaptcha' && !cfg.version) return 'noVersion';
  return null;
}

export function activeCaptcha(cfg: CaptchaConfig): ActiveCaptcha | null {
  if (!cfg.provider || configError(cfg)) return null;
  return { provider: cfg.provider, siteKey: cfg.siteKey!, version: cfg.provider === 'recaptcha' ? cfg.version : null };
}

/** reCAPTCHA v3 runs invisibly at submit; hCaptcha and reCAPTCHA v2 show a checkbox that gives the token. */
export const isInvisible = (c: ActiveCaptcha) => c.provider === 'recaptcha' && c.version === 'v3';

export const ONLOAD_CALLBACK = '__wzCaptchaOnload';

/** The provider's script: explicit render for the widgets, render=<site key> for reCAPTCHA v3. */
export function scriptUrl(c: ActiveCaptcha, lang: 'fr' | 'en'): string {
  if (c.provider === 'hcaptcha') {
    // recaptchacompat=off: hCaptcha must not pose as window.grecaptcha
    return `https://js.hcaptcha.com/1/api.js?render=explicit&onload=${ONLOAD_CALLBACK}&recaptchacompat=off&hl=${lang}`;
  }
  const render = isInvisible(c) ? encodeURIComponent(c.siteKey) : 'explicit';
  return `https://www.google.com/recaptcha/api.js?render=${render}&onload=${ONLOAD_CALLBACK}&hl=${lang}`;
}

/** A rendered checkbox widget. */
export interface CaptchaWidget {
  reset(): void;
  remove(): void;
}

/** One provider's API, the same for hCaptcha and reCAPTCHA. */
export interface CaptchaFacade {
  readonly captcha: ActiveCaptcha;
  /** hCaptcha / reCAPTCHA v2: draws the checkbox; throws CaptchaError('executeFailed') when the provider does. */
  render(container: HTMLElement, handlers: { onToken(token: string): void; onExpired(): void; onError(): void }): CaptchaWidget;
  /** reCAPTCHA v3: a fresh token; rejects with CaptchaError('executeFailed') when it throws, fails or gives none. */
  execute(action: string): Promise<string>;
}

/** Injects the script; calls onError when it cannot be loaded; returns a remover. Replaceable by tests. */
export type ScriptInjector = (src: string, onError: () => void) => () => void;

const domInjector: ScriptInjector = (src, onError) => {
  const script = document.createElement('script');
  script.src = src;
  script.async = true;
  script.defer = true;
  script.dataset.wzCaptcha = 'true';
  script.addEventListener('error', () => onError());
  document.head.appendChild(script);
  return () => script.remove();
};

export const DEFAULT_LOAD_TIMEOUT_MS = 10_000;
export const EXECUTE_TIMEOUT_MS = 15_000;

let injector: ScriptInjector = domInjector;
let loadTimeoutMs = DEFAULT_LOAD_TIMEOUT_MS;
let loaded: { key: string; promise: Promise<CaptchaFacade> } | null = null;

type Globals = Window & Record<string, unknown>;

function withTimeout<T>(promise: PromiseLike<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    Promise.resolve(promise).then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

function facadeFor(c: ActiveCaptcha): CaptchaFacade {
  const api = () => {
    const a = c.provider === 'hcaptcha' ? window.hcaptcha : window.grecaptcha;
    if (!a) throw new CaptchaError('executeFailed');
    return a;
  };
  return {
    captcha: c,
    render(container, handlers) {
      let id: string | number;
      const a = api();
      try {
        id = a.render(container, {
          sitekey: c.siteKey,
          callback: (token) => (token ? handlers.onToken(token) : handlers.onError()),
          'expired-callback': handlers.onExpired,
          'error-callback': handlers.onError,
        });
      } catch (err) {
        throw new CaptchaError('executeFailed', err);
      }
      return {
        reset: () => {
          try {
            (a.reset as (id?: string | number) => void)(id);
          } catch {
            /* widget already gone */
          }
        },
        remove: () => {
          try {
            if (c.provider === 'hcaptcha') window.hcaptcha?.remove?.(id as string);
          } catch {
            /* already gone */
          }
          container.replaceChildren();
        },
      };
    },
    async execute(action) {
      try {
        const g = api() as ReCaptchaApi;
        const token = await withTimeout(
          new Promise<string>((resolve, reject) => {
            g.ready(() => {
              try {
                Promise.resolve(g.execute(c.siteKey, { action })).then(resolve, reject);
              } catch (err) {
                reject(err);
              }
            });
          }),
          EXECUTE_TIMEOUT_MS,
        );
        if (typeof token !== 'string' || !token) throw new Error('no token');
        return token;
      } catch (err) {
        throw err instanceof CaptchaError ? err : new CaptchaError('executeFailed', err);
      }
    },
  };
}

/**
 * Loads the provider's script once per page (only when asked, i.e. on the forms that show a captcha)
 * and resolves when the provider calls back. Script error or no call back in time → CaptchaError
 * ('loadFailed'), and the next call tries again.
 */
export function loadCaptcha(c: ActiveCaptcha, lang: 'fr' | 'en'): Promise<CaptchaFacade> {
  const key = `${c.provider}|${c.version}|${c.siteKey}`;
  if (loaded?.key === key) return loaded.promise;
  const src = scriptUrl(c, lang);
  const g = window as unknown as Globals;
  let failed = false;
  const promise = new Promise<CaptchaFacade>((resolve, reject) => {
    let remove = () => {};
    const fail = (cause: unknown) => {
      if (failed) return;
      failed = true;
      clearTimeout(timer);
      delete g[ONLOAD_CALLBACK];
      remove();
      if (loaded?.key === key) loaded = null; // the next call injects the script again
      reject(new CaptchaError('loadFailed', cause));
    };
    const timer = setTimeout(() => fail(new Error(`no answer from ${src} in ${loadTimeoutMs} ms`)), loadTimeoutMs);
    g[ONLOAD_CALLBACK] = () => {
      clearTimeout(timer);
      delete g[ONLOAD_CALLBACK];
      const present = c.provider === 'hcaptcha' ? window.hcaptcha : window.grecaptcha;
      if (!present) fail(new Error('the script did not define the provider API'));
      else resolve(facadeFor(c));
    };
    try {
      remove = injector(src, () => fail(new Error(`${src} failed to load`)));
    } catch (err) {
      fail(err);
    }
  });
  if (!failed) loaded = { key, promise };
  return promise;
}

/** Test hooks: replace the script injection (a fake provider), shorten the timeout, forget what was loaded. */
export const captchaLoaderTesting = {
  setInjector(fn: ScriptInjector | null): void {
    injector = fn ?? domInjector;
  },
  setTimeoutMs(ms: number | null): void {
    loadTimeoutMs = ms ?? DEFAULT_LOAD_TIMEOUT_MS;
  },
  reset(): void {
    loaded = null;
    injector = domInjector;
    loadTimeoutMs = DEFAULT_LOAD_TIMEOUT_MS;
    const g = window as unknown as Globals;
    delete g[ONLOAD_CALLBACK];
    delete window.hcaptcha;
    delete window.grecaptcha;
    document.querySelectorAll('script[data-wz-captcha]').forEach((s) => s.remove());
  },
};
