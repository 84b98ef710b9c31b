/** @jest-environment jsdom */
import { addResources, currentLanguage, detectLanguage, forceFrench, i18n, initI18n, languageCookie, setLanguage } from './index';

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

describe('i18n instance', () => {
  it('starts in French with the common texts, switches, and forces French', async () => {
    const instance = initI18n({ lng: 'fr' });
    expect(initI18n()).toBe(instance);
    expect(i18n.t('cancel')).toBe('Annuler');
    expect(i18n.t('notifications.markAllRead')).toBe('Tout marquer comme lu');
    expect(i18n.t('notFound.heading')).toBe('This page could not be found');
    await setLanguage('en');
    expect(document.cookie).toContain('lang=en');
    expect(currentLanguage()).toBe('en');
    expect(i18n.t('cancel')).toBe('Cancel');
    expect(i18n.t('notFound.heading')).toBe('This page could not be found');
    await forceFrench();
    expect(currentLanguage()).toBe('fr');
    expect(document.cookie).toContain('lang=en');
  });
  it('merges remote resources under their namespace', () => {
    addResources('auth', { fr: { login: { title: 'Connexion' } }, en: { login: { title: 'Sign in' } } });
    expect(i18n.t('login.title', { ns: 'auth', lng: 'fr' })).toBe('Connexion');
    expect(i18n.t('auth:login.title', { lng: 'en' })).toBe('Sign in');
  });
});
