import { renderHook, waitFor } from '@testing-library/react';
import type * as Data from './data';
import { useLoad } from './data';

const fresh = (): typeof Data => {
  let mod!: typeof Data;
  jest.isolateModules(() => {
    mod = jest.requireActual('./data');
  });
  return mod;
};
const inline = (shop: unknown) => {
  document.getElementById('wz-shop-data')?.remove();
  const el = document.createElement('script');
  el.type = 'application/json';
  el.id = 'wz-shop-data';
  el.textContent = JSON.stringify(shop);
  document.head.appendChild(el);
};

describe('the shop inlined by the gateway', () => {
  afterEach(() => document.getElementById('wz-shop-data')?.remove());

  it('is used once, for an anonymous visitor of that shop (by name or id)', () => {
    inline({ id: 1, urlShop: 'domaine-demo', name: 'Domaine de Démo' });
    const { takeInlinedShop } = fresh();
    expect(takeInlinedShop('domaine-demo', true)).toBeNull(); // logged in: prices depend on the user
    expect(takeInlinedShop('domaine-demo', false)).toMatchObject({ id: 1 });
    expect(takeInlinedShop('domaine-demo', false)).toBeNull(); // read once
    expect(fresh().takeInlinedShop('1', false)).toMatchObject({ urlShop: 'domaine-demo' });
  });

  it('is ignored for another shop, when absent or unreadable', () => {
    inline({ id: 1, urlShop: 'domaine-demo' });
    expect(fresh().takeInlinedShop('brasserie-demo', false)).toBeNull();
    document.getElementById('wz-shop-data')!.textContent = '{oops';
    expect(fresh().takeInlinedShop('domaine-demo', false)).toBeNull();
    document.getElementById('wz-shop-data')?.remove();
    expect(fresh().takeInlinedShop('domaine-demo', false)).toBeNull();
  });
});

describe('useLoad', () => {
  it('starts from the initial data without loading, then loads when the key changes', async () => {
    const load = jest.fn(async () => 'from api');
    const { result, rerender } = renderHook(({ k }) => useLoad(k, load, () => 'inlined'), { initialProps: { k: 'a' } });
    expect(result.current).toEqual({ status: 'ok', data: 'inlined' });
    expect(load).not.toHaveBeenCalled();
    rerender({ k: 'b' });
    await waitFor(() => expect(result.current).toEqual({ status: 'ok', data: 'from api' }));
    expect(load).toHaveBeenCalledTimes(1);
  });
  it('loads at once without initial data', async () => {
    const load = jest.fn(async () => 42);
    const { result } = renderHook(() => useLoad('k', load, () => null));
    expect(result.current).toEqual({ status: 'loading' });
    await waitFor(() => expect(result.current).toEqual({ status: 'ok', data: 42 }));
  });
});

describe('the listing and product inlined by the gateway', () => {
  const put = (id: string, data: unknown) => {
    document.getElementById(id)?.remove();
    const el = document.createElement('script');
    el.type = 'application/json';
    el.id = id;
    el.textContent = JSON.stringify(data);
    document.head.appendChild(el);
  };
  afterEach(() => {
    document.getElementById('wz-listing-data')?.remove();
    document.getElementById('wz-product-data')?.remove();
  });

  it('gives the listing once, for the same request only, never to a signed-in visitor', () => {
    put('wz-listing-data', { key: '1|{}', data: { items: [], total: 0 } });
    let d = fresh();
    expect(d.takeInlinedListing('1|{}', true)).toBeNull();
    expect(d.takeInlinedListing('1|{"color":["red"]}', false)).toBeNull();
    d = fresh();
    expect(d.takeInlinedListing('1|{}', false)).toEqual({ items: [], total: 0 });
    expect(d.takeInlinedListing('1|{}', false)).toBeNull();
  });

  it('gives the product asked for by id or id-slug', () => {
    put('wz-product-data', { id: 12, name: 'Les Galets Rouges' });
    expect(fresh().takeInlinedProduct('12-les-galets-rouges', false)).toMatchObject({ id: 12 });
    expect(fresh().takeInlinedProduct('12', false)).toMatchObject({ id: 12 });
    expect(fresh().takeInlinedProduct('13-autre', false)).toBeNull();
    expect(fresh().takeInlinedProduct('12', true)).toBeNull();
  });
});
