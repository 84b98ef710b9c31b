/**
 * The age gate's cookie (§9 adult threshold 18): `wz_adult=1` for a year on the whole site, readable by the app.
 * Read and written by mfe-shop's AgeGate in the browser and by the gateway (first paint, `?adult=1`).
 */
export const ADULT_COOKIE = 'wz_adult';
export const ADULT_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3600;

/** The Cookie header (or the page's cookie string) holds the adult confirmation. */
export function hasAdultCookie(cookie: string | null | undefined): boolean {
  return (cookie ?? '').split(';').some((c) => c.trim() === `${ADULT_COOKIE}=1`);
}

/** The cookie that confirms it (to set in the page or in a Set-Cookie header). */
export function adultCookie(): string {
  return `${ADULT_COOKIE}=1; Max-Age=${ADULT_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax`;
}
