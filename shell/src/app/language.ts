import { useSyncExternalStore } from 'react';
import { i18n } from 'shared-kernel/i18n';

function subscribeLanguage(cb: () => void) {
  i18n.on('languageChanged', cb);
  return () => i18n.off('languageChanged', cb);
}
const getLanguage = (): 'fr' | 'en' => (i18n.language === 'en' ? 'en' : 'fr');

/** The current i18n language, re-rendering on change. */
export function useLanguage(): 'fr' | 'en' {
  return useSyncExternalStore(subscribeLanguage, getLanguage, () => 'fr');
}
