import { makeChromeLayout } from './ChromeLayout';
/** 'dashboard' layout: header + sidebar + content, French, documents polling, mobile bottom bar. */
export default makeChromeLayout({ layout: 'dashboard', sidebar: 'dashboard', french: true, documents: true, bottomBar: true });
