/**
 * Delivery zones and packaging (settings section `delivery`), pure and shared by the api (checkout options,
 * cart price, back-office orders) and the screens.
 *
 * - A delivery type serves zones; a zone is a list of ISO country codes (empty = every country) and its rate (euros
 *   HT). The zone that serves a country is the first one naming it, else the first "every country" zone: a type can
 *   say "France 12 €, everywhere else 30 €". A type with no zone serving the country is not offered there.
 * - Without a known country (a cart priced before the address is typed), the rate is the "every country" zone's,
 *   else the first zone's.
 * - Older settings have a `price` and `countries` and no zones: they read as one zone.
 * - Packaging: `bottlesPerPackage` bottles a package (spec §9: 12) and `extraPackagePrice` euros HT for every package
 *   beyond the first (spec §9: 7 EUR); a shop may set its own.
 */
import { BOTTLES_PER_PACKAGE, EXTRA_PACKAGE_PRICE_EUR } from '../tiers';

export interface DeliveryZone {
  /** ISO 3166-1 alpha-2 codes; empty = every country */
  countries: readonly string[];
  /** euros HT */
  price: number;
}

/** What a delivery type looks like to these helpers: zones, or the older price + countries. */
export interface ZonedDelivery {
  price?: number | null;
  countries?: readonly string[] | null;
  zones?: readonly DeliveryZone[] | null;
}

export interface Packaging {
  bottlesPerPackage: number;
  /** euros HT per package beyond the first */
  extraPackagePrice: number;
}

export const DEFAULT_PACKAGING: Readonly<Packaging> = Object.freeze({
  bottlesPerPackage: BOTTLES_PER_PACKAGE,
  extraPackagePrice: EXTRA_PACKAGE_PRICE_EUR,
});

const upper = (c: string) => c.trim().toUpperCase();

/** The zones of a delivery type (an older type without zones is one zone of its price and countries). */
export function zonesOf(d: ZonedDelivery): Array<{ countries: string[]; price: number }> {
  if (Array.isArray(d.zones) && d.zones.length)
    return d.zones.map((z) => ({ countries: (z.countries ?? []).map(upper), price: Number(z.price) || 0 }));
  return [{ countries: (d.countries ?? []).map(upper), price: Number(d.price ?? 0) || 0 }];
}

/**
 * The zone of `d` that serves `country` (see the rule above); without a country, the "every country" zone, else the
 * first. Null when no zone serves the country.
 */
export function zoneFor(d: ZonedDelivery, country?: string | null): { countries: string[]; price: number } | null {
  const zones = zonesOf(d);
  const c = country ? upper(country) : '';
  if (c) return zones.find((z) => z.countries.includes(c)) ?? zones.find((z) => z.countries.length === 0) ?? null;
  return zones.find((z) => z.countries.length === 0) ?? zones[0] ?? null;
}

/** Whether the delivery type is offered in `country` (an unknown country: yes). */
export function servesCountry(d: ZonedDelivery, country?: string | null): boolean {
  return !country || zoneFor(d, country) !== null;
}

/** The rate (euros HT) of the delivery type for `country`, null when it does not serve it. */
export function deliveryRateFor(d: ZonedDelivery, country?: string | null): number | null {
  return zoneFor(d, country)?.price ?? null;
}

/** Every country the type serves, [] when one of its zones serves every country (the older `countries` field). */
export function servedCountries(d: ZonedDelivery): string[] {
  const zones = zonesOf(d);
  if (zones.some((z) => z.countries.length === 0)) return [];
  return [...new Set(zones.flatMap((z) => z.countries))];
}

/** A shop's packaging, defaults filled in (anything missing or out of range falls back to spec §9). */
export function packagingOf(p: Partial<Packaging> | null | undefined): Packaging {
  const bottles = Math.trunc(Number(p?.bottlesPerPackage));
  const extra = Number(p?.extraPackagePrice);
  return {
    bottlesPerPackage: Number.isFinite(bottles) && bottles >= 1 ? bottles : DEFAULT_PACKAGING.bottlesPerPackage,
    extraPackagePrice: p?.extraPackagePrice != null && Number.isFinite(extra) && extra >= 0 ? extra : DEFAULT_PACKAGING.extraPackagePrice,
  };
}

/** Packages for a number of bottles with a shop's packaging (at least one when there is anything to ship). */
export function packagesFor(bottles: number, packaging?: Partial<Packaging> | null): number {
  if (bottles <= 0) return 0;
  return Math.ceil(bottles / packagingOf(packaging).bottlesPerPackage);
}
