export { initI18n, addResources, setLanguage, forceFrench, currentLanguage, i18n } from './setup';
export { detectLanguage, languageCookie, LANGUAGES, DEFAULT_LANGUAGE, LANG_COOKIE, LANG_COOKIE_DAYS } from './detect';
export type { Language } from './detect';
export { commonFr, commonEn } from './common';
export type { CommonTexts } from './common';
// react-i18next reaches the apps only through this shared module: sharing the whole package would send its Trans
// component and HTML parser (10 KB gzip) to every page. See router/index.ts and imports.test.ts.
export { useTranslation } from 'react-i18next';
