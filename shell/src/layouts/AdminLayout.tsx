import { makeChromeLayout } from './ChromeLayout';
/** 'admin' layout (superAdmin pages): header + sidebar (Admin group), French. */
export default makeChromeLayout({ layout: 'admin', sidebar: 'dashboard', french: true });
