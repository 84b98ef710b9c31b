export type Language = 'fr' | 'en';
export const LANGUAGES: readonly Language[] = ['fr', 'en'];
export const DEFAULT_LANGUAGE: Language = 'fr';
export const LANG_COOKIE = 'lang';
export const LANG_COOKIE_DAYS = 365;

const isEnglish = (value: string) => value.toLowerCase().includes('en');

function cookieValue(cookie: string, name: string): string | null {
  for (const part of cookie.split(';')) {
    const [k, ...rest] = part.trim().split('=');
    if (k === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return null;
      }
    }
  }
  return null;
}

/**
 * Spec §9: EN when the `lang` query or the browser language contains 'en', else FR.
 * Precedence (our choice, documented in the README): an explicit `lang` query wins;
 * then a `lang` cookie set earlier by the user's choice; then the browser language.
 */
export function detectLanguage(input: { query: string; navigatorLanguage?: string | null; cookie?: string | null }): Language {
  const query = new URLSearchParams(input.query.startsWith('?') ? input.query.slice(1) : input.query).get('lang');
  if (query) return isEnglish(query) ? 'en' : 'fr';
  const fromCookie = input.cookie ? cookieValue(input.cookie, LANG_COOKIE) : null;
  if (fromCookie === 'fr' || fromCookie === 'en') return fromCookie;
  if (input.navigatorLanguage && isEnglish(input.navigatorLanguage)) return 'en';
  return DEFAULT_LANGUAGE;
}

/** The cookie string `setLanguage` writes. */
export function languageCookie(lang: Language, now: Date = new Date()): string {
  const expires = new Date(now.getTime() + LANG_COOKIE_DAYS * 24 * 3600 * 1000);
  return `${LANG_COOKIE}=${lang}; expires=${expires.toUTCString()}; path=/; SameSite=Lax`;
}
