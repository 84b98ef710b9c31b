/** @jest-environment jsdom */
import {
  addResources,
  currentLanguage,
  detectLanguage,
  forceFrench,
  initI18n,
  languageCookie,
  registeredResources,
  setLanguage,
  subscribeLanguage,
  subscribeResources,
} from './index';

describe('detectLanguage', () => {
  it.each([
    [{ query: '' }, 'fr'],
    [{ query: '', navigatorLanguage: 'fr-FR' }, 'fr'],
    [{ query: '', navigatorLanguage: 'en-GB' }, 'en'],
    [{ query: '', navigatorLanguage: 'de-DE' }, 'fr'],
    [{ query: '?lang=en', navigatorLanguage: 'fr-FR' }, 'en'],
    [{ query: 'lang=en-US' }, 'en'],
    [{ query: '?lang=fr', navigatorLanguage: 'en-US' }, 'fr'],
    [{ query: '', navigatorLanguage: 'en-US', cookie: 'a=1; lang=fr' }, 'fr'],
    [{ query: '', navigatorLanguage: 'fr-FR', cookie: 'lang=en' }, 'en'],
    [{ query: '?lang=fr', cookie: 'lang=en' }, 'fr'],
    [{ query: '?lang=en', cookie: 'lang=fr' }, 'en'],
    [{ query: '', navigatorLanguage: 'en', cookie: 'lang=xx' }, 'en'],
  ] as const)('%j → %s', (input, lang) => expect(detectLanguage(input)).toBe(lang));
});

describe('languageCookie', () => {
  it('lasts 365 days', () => {
    const now = new Date('2025-01-01T00:00:00Z');
    expect(languageCookie('en', now)).toBe('lang=en; expires=Thu, 01 Jan 2026 00:00:00 GMT; path=/; SameSite=Lax');
  });
});

describe('the page language (no i18next)', () => {
  it('starts in the given language, switches (with the cookie), forces French, and tells its subscribers', async () => {
    expect(initI18n({ lng: 'fr' })).toBe('fr');
    const seen: string[] = [];
    const stop = subscribeLanguage(() => seen.push(currentLanguage()));
    await setLanguage('en');
    expect(document.cookie).toContain('lang=en');
    expect(currentLanguage()).toBe('en');
    await forceFrench();
    expect(currentLanguage()).toBe('fr');
    expect(document.cookie).toContain('lang=en'); // §9: forcing French in the dashboard keeps the visitor's choice
    stop();
    await setLanguage('en');
    expect(seen).toEqual(['en', 'fr']);
    await forceFrench();
  });

  it('keeps the resources the remotes register, merged by namespace, and tells its subscribers', () => {
    const added: string[] = [];
    const stop = subscribeResources((ns) => added.push(ns));
    addResources('auth', { fr: { login: { title: 'Connexion' } }, en: { login: { title: 'Sign in' } } });
    addResources('auth', { fr: { register: 'Inscription' }, en: { register: 'Sign up' } });
    stop();
    expect(registeredResources().get('auth')).toEqual({
      fr: { login: { title: 'Connexion' }, register: 'Inscription' },
      en: { login: { title: 'Sign in' }, register: 'Sign up' },
    });
    expect(added).toEqual(['auth', 'auth']);
  });
});

describe('i18next (shared-kernel/i18next) follows the page language and the registered resources', () => {
  it('translates the common texts and the resources registered before and after it loads, in the current language', async () => {
    addResources('early', { fr: { hello: 'Bonjour' }, en: { hello: 'Hello' } });
    const { i18n } = await import('../i18next');
    expect(i18n.t('cancel')).toBe('Annuler');
    expect(i18n.t('notifications.markAllRead')).toBe('Tout marquer comme lu');
    expect(i18n.t('notFound.heading')).toBe('This page could not be found');
    expect(i18n.t('hello', { ns: 'early' })).toBe('Bonjour');
    addResources('late', { fr: { bye: 'Au revoir' }, en: { bye: 'Goodbye' } });
    await setLanguage('en');
    expect(i18n.language).toBe('en');
    expect(i18n.t('cancel')).toBe('Cancel');
    expect(i18n.t('late:bye')).toBe('Goodbye');
    await forceFrench();
    expect(i18n.language).toBe('fr');
  });
});
