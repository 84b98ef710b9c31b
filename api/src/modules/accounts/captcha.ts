import type { AccountsConfig } from '../../platform/config';
import { HttpError } from '../../platform/errors';
import { AUTH_MESSAGES } from 'shared-kernel/contracts';

const VERIFY_URL = {
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
} as const;

/**
 * When a captcha secret is configured, the request must carry a token the provider accepts;
 * without a secret nothing is asked.
 */
export async function checkCaptcha(
  cfg: AccountsConfig['captcha'],
  token: string | undefined,
  ip: string | undefined,
  fetchImpl: typeof fetch = fetch,
): Promise<void> {
  if (!cfg) return;
  if (!token) throw new HttpError(400, AUTH_MESSAGES.captchaRequired, 'captchaToken');
  const body = new URLSearchParams({ secret: cfg.secret, response: token });
  if (ip) body.set('remoteip', ip);
  let ok = false;
  try {
    const res = await fetchImpl(VERIFY_URL[cfg.provider], { method: 'POST', body, signal: AbortSignal.timeout(8000) });
    const data = (await res.json()) as { success?: boolean };
    ok = data.success === true;
  } catch {
    ok = false;
  }
  if (!ok) throw new HttpError(400, AUTH_MESSAGES.captchaRequired, 'captchaToken');
}
