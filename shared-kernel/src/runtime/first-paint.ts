/**
 * The server's first paint (speed): on shop and product URLs the gateway puts a server-rendered copy of the
 * page in `#wz-first-paint` (a closed declarative shadow root, so it never collides with the app's ids or tests) and
 * hides `#root` until the app's own page is on screen. `releaseFirstPaint()` removes that copy, which shows `#root`
 * (CSS `#wz-first-paint ~ #root { display: none }`). Safe to call any number of times, and where there is none.
 */
const FIRST_PAINT_ID = 'wz-first-paint'; // the gateway's first-paint.ts injectFirstPaint writes it

export function releaseFirstPaint(): void {
  if (typeof document === 'undefined') return;
  document.getElementById(FIRST_PAINT_ID)?.remove();
}
