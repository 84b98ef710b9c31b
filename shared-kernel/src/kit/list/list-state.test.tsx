/** @jest-environment jsdom */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { renderPage } from '../../testing';
import { listStateSchema, multiEnum, useUrlListState } from './list-state';

const STATUSES = ['pending', 'validated', 'cancelled'] as const;
const orders = listStateSchema({
  sort: ['createdAt', 'number'] as const,
  defaultSort: '-createdAt',
  filters: {
    status: z.enum(STATUSES).optional(),
    minTotal: z.coerce.number().int().min(0).optional(),
    paid: z.stringbool().optional(),
    kinds: multiEnum(['order', 'quote']),
  },
});

describe('listStateSchema', () => {
  it('reads an empty URL as the defaults', () => {
    expect(orders.parse(new URLSearchParams(''))).toEqual({
      page: 1,
      pageSize: 20,
      sort: '-createdAt',
      q: '',
      filters: { status: undefined, minTotal: undefined, paid: undefined, kinds: undefined },
    });
  });

  it('reads valid values', () => {
    const s = orders.parse(
      new URLSearchParams('page=3&pageSize=50&sort=number&q=dupont&status=validated&minTotal=100&paid=true&kinds=order,quote'),
    );
    expect(s).toEqual({
      page: 3,
      pageSize: 50,
      sort: 'number',
      q: 'dupont',
      filters: { status: 'validated', minTotal: 100, paid: true, kinds: ['order', 'quote'] },
    });
  });

  it('falls back to the default of each invalid value, never throwing', () => {
    const s = orders.parse(
      new URLSearchParams('page=-2&pageSize=1000&sort=password&status=stolen&minTotal=abc&paid=maybe&kinds=order,nope'),
    );
    expect(s).toEqual(orders.defaults);
    expect(orders.parse(new URLSearchParams('page=2.5&pageSize=0&sort=-number'))).toMatchObject({ page: 1, pageSize: 20, sort: '-number' });
    expect(orders.parse(new URLSearchParams('page=&status='))).toEqual(orders.defaults);
  });

  it('leaves the defaults out of the URL', () => {
    expect(orders.serialize(orders.defaults)).toEqual({});
    expect(
      orders.serialize({
        ...orders.defaults,
        page: 2,
        sort: 'number',
        filters: { ...orders.defaults.filters, kinds: ['order', 'quote'], paid: false },
      }),
    ).toEqual({
      page: '2',
      sort: 'number',
      kinds: 'order,quote',
      paid: 'false',
    });
  });

  it('gives the api query with the wire names of contracts/list.ts', () => {
    const s = orders.parse(new URLSearchParams('q=%20dupont%20&status=pending&kinds=quote'));
    expect(orders.toApiQuery(s)).toEqual({ page: 1, pageSize: 20, sort: '-createdAt', q: 'dupont', status: 'pending', kinds: 'quote' });
    expect(orders.toApiQuery(orders.parse(new URLSearchParams('q=%20%20')))).toEqual({ page: 1, pageSize: 20, sort: '-createdAt' });
  });

  it('knows when a search or a filter is active', () => {
    expect(orders.hasActiveFilters(orders.defaults)).toBe(false);
    expect(orders.hasActiveFilters(orders.parse(new URLSearchParams('page=4&sort=number')))).toBe(false);
    expect(orders.hasActiveFilters(orders.parse(new URLSearchParams('q=x')))).toBe(true);
    expect(orders.hasActiveFilters(orders.parse(new URLSearchParams('status=pending')))).toBe(true);
  });

  it('keeps a filter default out of the URL and counts only departures from it as active', () => {
    const withDefault = listStateSchema({ filters: { kind: z.enum(['order', 'reservation']).default('order') } });
    expect(withDefault.defaults.filters.kind).toBe('order');
    expect(withDefault.parse(new URLSearchParams('kind=bogus')).filters.kind).toBe('order');
    expect(withDefault.serialize(withDefault.defaults)).toEqual({});
    const reservation = withDefault.parse(new URLSearchParams('kind=reservation'));
    expect(withDefault.serialize(reservation)).toEqual({ kind: 'reservation' });
    expect(withDefault.hasActiveFilters(reservation)).toBe(true);
  });

  it('refuses a filter named like a list parameter and a default sort that is not a column', () => {
    expect(() => listStateSchema({ filters: { page: z.string().optional() } })).toThrow(/page/);
    expect(() => listStateSchema({ sort: ['a'] as const, defaultSort: 'b' as never })).toThrow(/defaultSort/);
  });
});

function Probe() {
  const list = useUrlListState(orders);
  return (
    <div>
      <output data-testid="state">{JSON.stringify(list.state)}</output>
      <output data-testid="api">{JSON.stringify(list.apiQuery)}</output>
      <output data-testid="active">{String(list.hasActiveFilters)}</output>
      <button onClick={() => list.setPage(list.state.page + 1)}>page suivante</button>
      <button onClick={() => list.setPageSize(50)}>50 par page</button>
      <button onClick={() => list.setSort('number')}>trier par numéro</button>
      <button onClick={() => list.setSort(undefined)}>tri par défaut</button>
      <button onClick={() => list.setFilter('status', 'cancelled')}>annulées</button>
      <button onClick={() => list.setFilters({ status: 'pending', minTotal: 10 })}>deux filtres</button>
      <button onClick={() => list.setSearch('dupont')}>chercher</button>
      <button onClick={() => list.reset()}>réinitialiser</button>
    </div>
  );
}

const state = () => JSON.parse(screen.getByTestId('state').textContent!);

describe('useUrlListState', () => {
  it('round-trips through the URL: defaults left out, other parameters kept', async () => {
    const page = renderPage(<Probe />, { route: '/dashboard/orders?tab=2' });
    expect(state()).toMatchObject({ page: 1, pageSize: 20, sort: '-createdAt' });
    await userEvent.click(screen.getByRole('button', { name: 'page suivante' }));
    expect(page.location().search).toBe('?tab=2&page=2');
    await userEvent.click(screen.getByRole('button', { name: 'trier par numéro' }));
    expect(page.location().search).toBe('?tab=2&sort=number');
    await userEvent.click(screen.getByRole('button', { name: 'tri par défaut' }));
    expect(page.location().search).toBe('?tab=2');
    expect(state().sort).toBe('-createdAt');
  });

  it('reads the URL it is opened with, invalid values falling back', () => {
    renderPage(<Probe />, { route: '/dashboard/orders?page=3&pageSize=abc&status=nope&minTotal=5' });
    expect(state()).toEqual({ page: 3, pageSize: 20, sort: '-createdAt', q: '', filters: { minTotal: 5 } }); // JSON drops the undefined filters
    expect(JSON.parse(screen.getByTestId('api').textContent!)).toEqual({ page: 3, pageSize: 20, sort: '-createdAt', minTotal: 5 });
  });

  it('goes back to page 1 when a filter, the search or the page size changes', async () => {
    const page = renderPage(<Probe />, { route: '/dashboard/orders?page=4' });
    await userEvent.click(screen.getByRole('button', { name: 'annulées' }));
    expect(page.location().search).toBe('?status=cancelled');
    await page.navigate('/dashboard/orders?page=4&status=cancelled');
    await userEvent.click(screen.getByRole('button', { name: 'deux filtres' }));
    expect(page.location().search).toBe('?status=pending&minTotal=10');
    await page.navigate('/dashboard/orders?page=4');
    await userEvent.click(screen.getByRole('button', { name: 'chercher' }));
    expect(page.location().search).toBe('?q=dupont');
    await page.navigate('/dashboard/orders?page=4');
    await userEvent.click(screen.getByRole('button', { name: '50 par page' }));
    expect(page.location().search).toBe('?pageSize=50');
  });

  it('pushes history for page, sort and filters (back restores them) and replaces it for the search', async () => {
    const page = renderPage(<Probe />, { route: '/dashboard/orders' });
    await userEvent.click(screen.getByRole('button', { name: 'page suivante' }));
    await userEvent.click(screen.getByRole('button', { name: 'annulées' }));
    await userEvent.click(screen.getByRole('button', { name: 'chercher' }));
    expect(page.location().search).toBe('?q=dupont&status=cancelled');
    await page.back();
    // the search replaced the filter's entry: one step back is the page before the filter
    expect(page.location().search).toBe('?page=2');
    expect(state()).toMatchObject({ page: 2, q: '', filters: {} });
    await page.back();
    expect(page.location().search).toBe('');
    expect(state().page).toBe(1);
  });

  it('reset clears the search and the filters but keeps the sort and the page size', async () => {
    const page = renderPage(<Probe />, { route: '/dashboard/orders?page=2&pageSize=50&sort=number&q=x&status=pending' });
    expect(screen.getByTestId('active')).toHaveTextContent('true');
    await userEvent.click(screen.getByRole('button', { name: 'réinitialiser' }));
    expect(page.location().search).toBe('?pageSize=50&sort=number');
    expect(screen.getByTestId('active')).toHaveTextContent('false');
  });

  it('follows a URL changed from outside (a link, the address bar)', async () => {
    const page = renderPage(<Probe />, { route: '/dashboard/orders' });
    await page.navigate('/dashboard/orders?status=validated&page=2');
    expect(state()).toMatchObject({ page: 2, filters: { status: 'validated' } });
  });
});
