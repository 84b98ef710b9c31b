// The captcha's public config (GET /v1/auth/captcha-config). The auth pages render outside react-query (their first
// paint stays lean): a plain cached fetch, once per page.
import { captchaConfigSchema, NO_CAPTCHA, type CaptchaConfig } from 'shared-kernel/contracts';
import { api } from 'shared-kernel/runtime';

let configPromise: Promise<CaptchaConfig> | null = null;

/**
 * GET /v1/auth/captcha-config, once per page. An unreachable api or an odd answer counts as
 * "no captcha": the form then works as without one, and the api stays the judge (it answers
 * 'Veuillez valider le captcha' if it wanted a token).
 */
export function fetchCaptchaConfig(): Promise<CaptchaConfig> {
  configPromise ??= api.get<unknown>('/auth/captcha-config', { silent: true }).then(
    (body) => {
      const parsed = captchaConfigSchema.safeParse(body);
      return parsed.success ? parsed.data : NO_CAPTCHA;
    },
    () => {
      configPromise = null; // try again on the next form
      return NO_CAPTCHA;
    },
  );
  return configPromise;
}

/** Tests: forget the fetched config. */
export function resetCaptchaConfig(): void {
  configPromise = null;
}
