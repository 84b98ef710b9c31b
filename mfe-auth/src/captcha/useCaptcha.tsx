import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Spin } from '../common/ui';
import type { CaptchaConfig } from 'shared-kernel/contracts';
import { useTexts } from '../texts';
import { fetchCaptchaConfig } from './api';
import { useTexts as useCaptchaTexts } from './texts';
import {
  activeCaptcha,
  CaptchaError,
  configError,
  isInvisible,
  loadCaptcha,
  type CaptchaErrorCode,
  type CaptchaFacade,
  type CaptchaWidget,
} from './loader';

// the forms' tests forget the cached config through the hook they render
export { resetCaptchaConfig } from './api';

type Status = 'config' | 'off' | 'loading' | 'ready' | 'error';

export interface CaptchaControl {
  /** The widget area (checkbox, loading, §8 error with retry); null when there is no captcha. */
  element: ReactNode;
  /** True while the submit button must stay disabled (config or script loading, error, checkbox not ticked). */
  blocking: boolean;
  /**
   * The token for `captchaToken`: undefined without captcha; reCAPTCHA v3 executes now.
   * Throws CaptchaError (and shows it) when the provider fails: do not send the form then.
   */
  getToken(): Promise<string | undefined>;
  /** After a failed submit: the used token is dropped and the widget asks again. */
  reset(): void;
}

/**
 * The captcha of a form (register, password reset). `enabled` false → nothing fetched nor shown.
 * `action` names the reCAPTCHA v3 action ('register', 'reset_password').
 */
export function useCaptcha(enabled: boolean, action: string): CaptchaControl {
  const { lang } = useTexts();
  const t = useCaptchaTexts();
  const [config, setConfig] = useState<CaptchaConfig | null>(null);
  const [status, setStatus] = useState<Status>(enabled ? 'config' : 'off');
  const [error, setError] = useState<CaptchaErrorCode | null>(null);
  const [token, setToken] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const facade = useRef<CaptchaFacade | null>(null);
  const widget = useRef<CaptchaWidget | null>(null);
  const box = useRef<HTMLDivElement | null>(null);

  // 1. the public config
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void fetchCaptchaConfig().then((c) => {
      if (live) setConfig(c);
    });
    return () => {
      live = false;
    };
  }, [enabled]);

  // 2. the provider's script (again on 'Réessayer')
  useEffect(() => {
    if (!enabled || !config) return;
    if (!config.provider) {
      setStatus('off');
      return;
    }
    const bad = configError(config);
    if (bad) {
      setError(bad);
      setStatus('error');
      return;
    }
    let live = true;
    setError(null);
    setStatus('loading');
    loadCaptcha(activeCaptcha(config)!, lang).then(
      (f) => {
        if (live) {
          facade.current = f;
          setStatus('ready');
        }
      },
      (err: unknown) => {
        if (live) {
          setError(err instanceof CaptchaError ? err.code : 'loadFailed');
          setStatus('error');
        }
      },
    );
    return () => {
      live = false;
    };
    // (the widget language is the one of the first load: the script is loaded once per page)
  }, [enabled, config, attempt, lang]);

  // 3. the checkbox (hCaptcha, reCAPTCHA v2), in a fresh element each time (providers refuse to render twice in one)
  const f = status === 'ready' ? facade.current : null;
  useEffect(() => {
    if (!f || isInvisible(f.captcha) || !box.current) return;
    const el = document.createElement('div');
    box.current.appendChild(el);
    setToken(null);
    try {
      widget.current = f.render(el, {
        onToken: (tok) => {
          setToken(tok);
          setError(null);
        },
        onExpired: () => setToken(null),
        onError: () => {
          setToken(null);
          setError('executeFailed');
        },
      });
    } catch (err) {
      setError(err instanceof CaptchaError ? err.code : 'executeFailed');
      setStatus('error');
      el.remove();
      return;
    }
    return () => {
      widget.current?.remove();
      widget.current = null;
      el.remove();
    };
  }, [f]);

  const retry = useCallback(() => {
    setError(null);
    if (status === 'ready' && widget.current) {
      widget.current.reset();
      setToken(null);
      return;
    }
    setAttempt((n) => n + 1);
  }, [status]);

  const getToken = useCallback(async (): Promise<string | undefined> => {
    if (!enabled || status === 'off') return undefined;
    const current = facade.current;
    if (status !== 'ready' || !current) throw new CaptchaError(error ?? 'loadFailed');
    if (!isInvisible(current.captcha)) {
      if (!token) throw new CaptchaError('executeFailed');
      return token;
    }
    try {
      const tok = await current.execute(action);
      setError(null);
      return tok;
    } catch (err) {
      setError(err instanceof CaptchaError ? err.code : 'executeFailed');
      setStatus('error');
      throw err;
    }
  }, [enabled, status, token, error, action]);

  const reset = useCallback(() => {
    setToken(null);
    widget.current?.reset();
  }, []);

  const invisible = f ? isInvisible(f.captcha) : config?.provider === 'recaptcha' && config.version === 'v3';
  const blocking =
    enabled && (status === 'config' || status === 'loading' || status === 'error' || (status === 'ready' && !invisible && !token));
  const retryable = error === 'loadFailed' || error === 'executeFailed';

  const element =
    !enabled || status === 'off' || status === 'config' ? null : (
      <div role="group" aria-label={t.label} className="wz-captcha" style={{ display: 'grid', gap: 8, minWidth: 0 }}>
        {status === 'loading' && (
          <div role="status" style={{ display: 'flex', alignItems: 'center', gap: 8, color: '#555', fontSize: 14 }}>
            <Spin size="small" /> {t.loading}
          </div>
        )}
        {!invisible && (
          <div
            ref={box}
            data-testid="captcha-widget"
            style={{ display: status === 'ready' ? 'block' : 'none', minHeight: 78, maxWidth: '100%', overflowX: 'auto' }}
          />
        )}
        {status === 'ready' && invisible && <p style={{ margin: 0, color: '#666', fontSize: 12 }}>{t.invisible}</p>}
        {error && (
          <Alert
            type="error"
            role="alert"
            title={t[error]}
            action={
              retryable ? (
                <Button size="small" onClick={retry}>
                  {t.retry}
                </Button>
              ) : undefined
            }
          />
        )}
      </div>
    );

  return { element, blocking, getToken, reset };
}
