// i18next for the screens that translate keys (`t('header.menu', 'Menu')`): the chrome layouts' header and menus.
// A Module Federation singleton like shared-kernel/i18n, but loaded only by those screens, so the public pages
// (sign-in, shop, cart: their texts are `defineTexts` objects) never download i18next. It follows the language and
// the resources of shared-kernel/i18n, which stay the source of truth.
//
// react-i18next reaches the apps only through this module: sharing the whole package would send its Trans component
// and HTML parser to every page. See router/index.ts and imports.test.ts.
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { commonEn, commonFr } from '../i18n/common'; // plain data: only i18next needs the 'common' texts
import {
  currentLanguage,
  DEFAULT_LANGUAGE,
  LANGUAGES,
  registeredResources,
  subscribeLanguage,
  subscribeResources,
} from 'shared-kernel/i18n'; // the page-wide singleton, never a copy

/** The page's i18next instance (the global default one, shared as a singleton). */
export const i18n: I18n = i18next;

if (!i18n.isInitialized) {
  void i18n.use(initReactI18next).init({
    lng: currentLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: ['common'],
    defaultNS: 'common',
    resources: { fr: { common: commonFr }, en: { common: commonEn } },
    interpolation: { escapeValue: false }, // React escapes
    initAsync: false,
    returnNull: false,
  });
  for (const [namespace, res] of registeredResources())
    for (const lng of LANGUAGES) i18n.addResourceBundle(lng, namespace, res[lng], true, true);
  subscribeResources((namespace, added) => {
    for (const lng of LANGUAGES) i18n.addResourceBundle(lng, namespace, added[lng], true, true);
  });
  subscribeLanguage(() => void i18n.changeLanguage(currentLanguage()));
}

export { useTranslation } from 'react-i18next';
