/** PostgreSQL `integer` range: anything else can never match a serial id. */
export function isPgInt(n: number): boolean {
  return Number.isInteger(n) && n > 0 && n <= 2147483647;
}
