import { makeChromeLayout } from './ChromeLayout';
/** 'editor' layout: the dashboard without the sidebar (full-width editors), French. */
export default makeChromeLayout({ layout: 'editor', sidebar: 'none', french: true, documents: true });
