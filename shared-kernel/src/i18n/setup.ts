import { useSyncExternalStore } from 'react';
import { DEFAULT_LANGUAGE, detectLanguage, languageCookie, LANGUAGES, type Language } from './detect';

/**
 * The page's language (fr default, en; spec §9) and the translation resources the remotes register: a small store,
 * page-wide because `shared-kernel/i18n` is a Module Federation singleton. It is all a public page (sign-in, shop,
 * cart) needs: their texts are `defineTexts` objects picked by this language. i18next (`shared-kernel/i18next`) is
 * loaded only by the screens that translate keys (the chrome layouts' header): it follows this store, never the
 * other way round.
 */
let language: Language = DEFAULT_LANGUAGE;
let initialized = false;
const languageListeners = new Set<() => void>();

export type Resources = { fr: Record<string, unknown>; en: Record<string, unknown> };
const resources = new Map<string, Resources>();
const resourceListeners = new Set<(namespace: string, added: Resources) => void>();

function browserLanguage(): Language {
  if (typeof window === 'undefined') return DEFAULT_LANGUAGE;
  return detectLanguage({ query: window.location.search, navigatorLanguage: window.navigator?.language, cookie: document.cookie });
}

function change(next: Language): void {
  if (next === language) return;
  language = next;
  for (const listener of [...languageListeners]) listener();
}

/** Sets the language once from the URL, the cookie and the browser (§9); `lng` forces one (tests, server render). */
export function initI18n(options: { lng?: Language } = {}): Language {
  if (!initialized) {
    initialized = true;
    language = options.lng ?? browserLanguage();
  } else if (options.lng) change(options.lng);
  return language;
}

export function currentLanguage(): Language {
  if (!initialized) initI18n();
  return language;
}

/** Calls `listener` after every language change; returns the unsubscribe function. */
export function subscribeLanguage(listener: () => void): () => void {
  languageListeners.add(listener);
  return () => languageListeners.delete(listener);
}

/** The current language, re-rendering on a change. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribeLanguage, currentLanguage, () => DEFAULT_LANGUAGE);
}

/** The user's choice: switch language and remember it for 365 days in the 'lang' cookie. */
export async function setLanguage(lang: Language): Promise<void> {
  currentLanguage();
  if (typeof document !== 'undefined') document.cookie = languageCookie(lang);
  change(lang);
}

/** Spec §9: the dashboard forces French (the cookie is left untouched). */
export async function forceFrench(): Promise<void> {
  currentLanguage();
  change('fr');
}

/** Merge a remote's texts under its namespace (deep, overwriting); i18next takes them when it is loaded. */
export function addResources(namespace: string, added: Resources): void {
  const previous = resources.get(namespace);
  const merged: Resources = { fr: { ...previous?.fr }, en: { ...previous?.en } };
  for (const lng of LANGUAGES) Object.assign(merged[lng], added[lng]);
  resources.set(namespace, merged);
  for (const listener of [...resourceListeners]) listener(namespace, added);
}

/** The registered resources, and later additions (for shared-kernel/i18next). */
export function registeredResources(): ReadonlyMap<string, Resources> {
  return resources;
}
export function subscribeResources(listener: (namespace: string, added: Resources) => void): () => void {
  resourceListeners.add(listener);
  return () => resourceListeners.delete(listener);
}
