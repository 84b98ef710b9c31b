/** Embeddable widgets of a shop (modules/iframes). */
export * from './iframes.tables';
export { createIframesRouter } from './iframes.router';
