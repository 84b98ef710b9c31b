import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage, type ApiRequest } from 'shared-kernel/testing';
import remoteModule from '../module';
import { balances, entriesPage, entry, fiscalYears, period, settings } from './journals.fixtures';
import { tabOf } from './JournalsPage';

const PATH = '/dashboard/accounting/journals';

it('is the built page of its route, its tab in the URL: links and the back button work', async () => {
  const page = renderPage(PATH, {
    module: remoteModule,
    route: `${PATH}?from=2026-01-01`,
    api: {
      'GET /accounting/settings': settings(),
      'GET /accounting/entries': (req: ApiRequest) => entriesPage([entry({ id: 1 })], { debit: 12000, credit: 12000 }, req.query),
      'GET /accounting/balances': balances(),
      'GET /accounting/fiscal-years': fiscalYears(),
      'GET /accounting/periods': [period('2026-01')],
    },
  });
  expect(await screen.findByRole('tab', { name: 'Écritures', selected: true })).toBeInTheDocument();
  await screen.findAllByTestId('resource-row');

  await userEvent.click(screen.getByRole('tab', { name: 'Balances' }));
  await screen.findAllByTestId('balance-row');
  // the period chosen on the entries holds on the balances
  expect(page.location().search).toBe('?from=2026-01-01&tab=balances');
  expect(page.api.callsTo('GET /accounting/balances')[0].query).toEqual({ from: '2026-01-01' });

  await userEvent.click(screen.getByRole('tab', { name: 'Clôtures' }));
  expect(await screen.findByText('Janvier 2026')).toBeInTheDocument();
  expect(page.location().search).toBe('?from=2026-01-01&tab=periods');

  await page.back();
  expect(await screen.findByRole('tab', { name: 'Balances', selected: true })).toBeInTheDocument();
  await page.back();
  expect(await screen.findByRole('tab', { name: 'Écritures', selected: true })).toBeInTheDocument();
});

it('reads an unknown tab as the entries', () => {
  expect(tabOf(null)).toBe('entries');
  expect(tabOf('nope')).toBe('entries');
  expect(tabOf('exports')).toBe('exports');
});
