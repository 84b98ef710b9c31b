// The page language and the registered translation resources (light: no i18next; see setup.ts) and §9 detection.
// Keys are translated with i18next through `shared-kernel/i18next` (with the 'common' texts), loaded only where needed.
export {
  initI18n,
  addResources,
  setLanguage,
  forceFrench,
  currentLanguage,
  subscribeLanguage,
  useLanguage,
  registeredResources,
  subscribeResources,
} from './setup';
export type { Resources } from './setup';
export { detectLanguage, languageCookie, LANGUAGES, DEFAULT_LANGUAGE, LANG_COOKIE, LANG_COOKIE_DAYS } from './detect';
export type { Language } from './detect';
