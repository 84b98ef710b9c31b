import { priceOrder } from './engine';
import { DEFAULT_PACKAGING, deliveryRateFor, packagesFor, packagingOf, servedCountries, servesCountry, zoneFor, zonesOf } from './delivery';
import type { CartOrder, CartProduct } from '../cart';

let n = 0;
const bottles = (price: number, quantity: number): CartProduct => ({
  idTmp: `d${n++}`,
  id: n,
  productType: 'bottle',
  quantity,
  chosenFormat: { id: 1, price },
});
const order = (products: CartProduct[], over: Partial<CartOrder> = {}): CartOrder => ({
  seller: { id: 1 },
  products,
  reservations: [],
  ...over,
});

const colissimo = {
  zones: [
    { countries: ['FR'], price: 12 },
    { countries: ['BE', 'LU'], price: 18 },
    { countries: [], price: 30 },
  ],
};
const franceOnly = { zones: [{ countries: ['fr'], price: 9.9 }] };

describe('delivery zones', () => {
  it('the zone naming the country wins over the "every country" zone', () => {
    expect(deliveryRateFor(colissimo, 'FR')).toBe(12);
    expect(deliveryRateFor(colissimo, 'lu')).toBe(18);
    expect(deliveryRateFor(colissimo, 'DE')).toBe(30);
  });
  it('a type with no zone serving the country is not offered there', () => {
    expect(zoneFor(franceOnly, 'DE')).toBeNull();
    expect(servesCountry(franceOnly, 'DE')).toBe(false);
    expect(servesCountry(franceOnly, 'FR')).toBe(true);
    expect(deliveryRateFor(franceOnly, 'DE')).toBeNull();
  });
  it('without a country: the "every country" zone, else the first', () => {
    expect(deliveryRateFor(colissimo, null)).toBe(30);
    expect(deliveryRateFor(franceOnly, undefined)).toBe(9.9);
    expect(servesCountry(franceOnly, '')).toBe(true);
  });
  it('older settings (price + countries, no zones) read as one zone', () => {
    const old = { price: 25, countries: ['DE', 'IT'] };
    expect(zonesOf(old)).toEqual([{ countries: ['DE', 'IT'], price: 25 }]);
    expect(deliveryRateFor(old, 'IT')).toBe(25);
    expect(servesCountry(old, 'FR')).toBe(false);
    expect(deliveryRateFor({ price: 8, countries: [] }, 'JP')).toBe(8);
    expect(zonesOf({ price: 8, countries: ['FR'], zones: [] })).toEqual([{ countries: ['FR'], price: 8 }]);
  });
  it('served countries: the union, [] when a zone serves every country', () => {
    expect(servedCountries(colissimo)).toEqual([]);
    expect(
      servedCountries({
        zones: [
          { countries: ['FR'], price: 1 },
          { countries: ['BE', 'FR'], price: 2 },
        ],
      }),
    ).toEqual(['FR', 'BE']);
  });
});

describe('packaging', () => {
  it('defaults to spec §9: 12 bottles a package, 7 EUR per extra package', () => {
    expect(DEFAULT_PACKAGING).toEqual({ bottlesPerPackage: 12, extraPackagePrice: 7 });
    expect(packagingOf(null)).toEqual({ bottlesPerPackage: 12, extraPackagePrice: 7 });
    expect(packagingOf({ bottlesPerPackage: 0, extraPackagePrice: -1 })).toEqual({ bottlesPerPackage: 12, extraPackagePrice: 7 });
    expect(packagingOf({ bottlesPerPackage: 6, extraPackagePrice: 0 })).toEqual({ bottlesPerPackage: 6, extraPackagePrice: 0 });
  });
  it('counts packages with the shop’s size', () => {
    expect(packagesFor(0)).toBe(0);
    expect(packagesFor(13)).toBe(2);
    expect(packagesFor(13, { bottlesPerPackage: 6 })).toBe(3);
    expect(packagesFor(6, { bottlesPerPackage: 6 })).toBe(1);
  });

  it('the engine charges the shop’s extra-package price and size (options, else shipping.packaging)', () => {
    const o = order([bottles(10, 13)], { shipping: { type: 'colissimo', price: 9.9 } });
    // defaults: 2 packages → 9.90 + 7
    expect(priceOrder(o).price).toMatchObject({ shipping: 1690, nbrPackages: 2 });
    // 6 bottles a package at 4.50 € each extra: 3 packages → 9.90 + 2 × 4.50
    expect(priceOrder(o, { packaging: { bottlesPerPackage: 6, extraPackagePrice: 4.5 } }).price).toMatchObject({
      shipping: 1890,
      nbrPackages: 3,
      totalHT: 13000 + 1890,
      tva: 2600 + 378,
    });
    // free extra packages
    expect(priceOrder(o, { packaging: { bottlesPerPackage: 12, extraPackagePrice: 0 } }).price.shipping).toBe(990);
    // the packaging carried by the cart's shipping choice
    const carried = order([bottles(10, 25)], {
      shipping: { type: 'colissimo', price: 10, packaging: { bottlesPerPackage: 24, extraPackagePrice: 3 } },
    });
    expect(priceOrder(carried).price).toMatchObject({ shipping: 1300, nbrPackages: 2 });
    // a collection point never pays extra packages
    const point = order([bottles(10, 30)], { shipping: { collectionPoint: { id: 1, price: 2 }, price: 2, noVAT: true } });
    expect(priceOrder(point, { packaging: { bottlesPerPackage: 6, extraPackagePrice: 50 } }).price.shipping).toBe(200);
  });
});
