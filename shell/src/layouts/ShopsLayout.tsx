import { makeChromeLayout } from './ChromeLayout';
/** 'shops' layout (public shop pages): header; on mobile the dashboard sidebar in a drawer. Lean: no sidebar chunk on desktop. */
export default makeChromeLayout({ layout: 'shops', sidebar: 'mobileDrawer' });
