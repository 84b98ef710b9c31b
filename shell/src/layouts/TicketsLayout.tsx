import { makeChromeLayout } from './ChromeLayout';
/** 'tickets' layout: dashboard frame titled 'Messagerie'. */
export default makeChromeLayout({ layout: 'tickets', sidebar: 'dashboard', heading: 'Messagerie', bottomBar: true });
