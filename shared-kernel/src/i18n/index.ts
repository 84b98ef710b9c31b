export { initI18n, addResources, setLanguage, forceFrench, currentLanguage, i18n } from './setup';
export { detectLanguage, languageCookie, LANGUAGES, DEFAULT_LANGUAGE, LANG_COOKIE, LANG_COOKIE_DAYS } from './detect';
export type { Language } from './detect';
export { commonFr, commonEn } from './common';
export type { CommonTexts } from './common';
