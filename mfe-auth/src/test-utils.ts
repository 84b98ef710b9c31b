// Test helpers (only *.test.tsx import this file).
import { NO_CAPTCHA, type CaptchaConfig } from 'shared-kernel/contracts';
import { configureApi } from 'shared-kernel/runtime';

/** jsdom has no fetch Response: the api client only reads status, ok and text(). */
export const json = (status: number, body: unknown) =>
  ({ status, ok: status < 400, text: async () => JSON.stringify(body) }) as unknown as Response;

/**
 * A fake api: GET /v1/auth/captcha-config answers `captcha` (no captcha by default), every other
 * call goes to `handler` and is recorded as 'METHOD url' in the returned array.
 */
export function fakeApi(
  handler: (url: string, init: RequestInit) => Response | Promise<Response>,
  captcha: CaptchaConfig = NO_CAPTCHA,
): string[] {
  const calls: string[] = [];
  configureApi({
    fetch: async (url, init) => {
      if (url.endsWith('/auth/captcha-config')) return json(200, captcha);
      calls.push(`${init.method ?? 'GET'} ${url}`);
      return handler(url, init);
    },
  });
  return calls;
}
