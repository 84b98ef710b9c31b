import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { commonEn, commonFr } from './common';
import { DEFAULT_LANGUAGE, detectLanguage, languageCookie, LANGUAGES, type Language } from './detect';

/**
 * One i18next instance for the page: the global `i18next` default instance, which is
 * shared as a Module Federation singleton, so `useTranslation()` in any remote sees
 * the same language and resources.
 */
export const i18n: I18n = i18next;

function browserLanguage(): Language {
  if (typeof window === 'undefined') return DEFAULT_LANGUAGE;
  return detectLanguage({ query: window.location.search, navigatorLanguage: window.navigator?.language, cookie: document.cookie });
}

/** Initialise i18next once (fr default, en) with the 'common' namespace. Later calls return the same instance. */
export function initI18n(options: { lng?: Language } = {}): I18n {
  if (i18n.isInitialized) {
    if (options.lng && i18n.language !== options.lng) void i18n.changeLanguage(options.lng);
    return i18n;
  }
  void i18n.use(initReactI18next).init({
    lng: options.lng ?? browserLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: ['common'],
    defaultNS: 'common',
    resources: { fr: { common: commonFr }, en: { common: commonEn } },
    interpolation: { escapeValue: false }, // React escapes
    initAsync: false,
    returnNull: false,
  });
  return i18n;
}

/** Merge a remote's texts under its namespace (deep, overwriting). */
export function addResources(namespace: string, resources: { fr: Record<string, unknown>; en: Record<string, unknown> }): void {
  initI18n();
  for (const lng of LANGUAGES) i18n.addResourceBundle(lng, namespace, resources[lng], true, true);
}

/** The user's choice: switch language and remember it for 365 days in the 'lang' cookie. */
export async function setLanguage(lang: Language): Promise<void> {
  initI18n();
  if (typeof document !== 'undefined') document.cookie = languageCookie(lang);
  await i18n.changeLanguage(lang);
}

/** Spec §9: the dashboard forces French (the cookie is left untouched). */
export async function forceFrench(): Promise<void> {
  initI18n();
  if (i18n.language !== 'fr') await i18n.changeLanguage('fr');
}

export function currentLanguage(): Language {
  return i18n.language === 'en' ? 'en' : 'fr';
}
