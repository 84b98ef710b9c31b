import { makeChromeLayout } from './ChromeLayout';
/** 'headerOnly' layout: the header and the page. */
export default makeChromeLayout({ layout: 'headerOnly', sidebar: 'none' });
