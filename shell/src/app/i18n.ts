import { addResources } from 'shared-kernel/i18n';

/**
 * Shell texts (namespace 'shell'). Components call t('key', 'French default'), so the
 * French text is in the code and only English needs a table.
 */
const en = {
  header: {
    account: 'My account',
    dashboard: 'Dashboard',
    settings: 'Settings',
    shop: 'Shop',
    producers: 'Producers',
    switchAccount: 'Switch account',
    logout: 'Log out',
    login: 'Sign in',
    register: 'Create an account',
    tickets: 'Messages',
    calendar: 'Calendar',
    back: 'Back',
    menu: 'Menu',
    nav: 'Navigation',
  },
  home: 'Dashboard',
  menu: { dashboard: 'Dashboard', dashboardGroup: 'Dashboard' },
};
const fr = {
  header: {
    account: 'Mon compte',
    dashboard: 'Tableau de bord',
    settings: 'Paramètres',
    shop: 'Boutique',
    producers: 'Producteurs',
    switchAccount: 'Changer de compte',
    logout: 'Déconnexion',
    login: 'Se connecter',
    register: 'Créer un compte',
    tickets: 'Messagerie',
    calendar: 'Calendrier',
    back: 'Retour',
    menu: 'Menu',
    nav: 'Navigation',
  },
  home: 'Tableau de bord',
  menu: { dashboard: 'Tableau de bord', dashboardGroup: 'Dashboard' },
};

export function registerShellTexts(): void {
  addResources('shell', { fr, en });
}
