import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage, type ApiRequest } from 'shared-kernel/testing';
import { balances, entriesPage, entry, EURO, settings } from '../journals.fixtures';
import JournalsPage from '../JournalsPage';

const PATH = '/dashboard/accounting/journals';
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('Balances', () => {
  it('shows each account with its debit, credit and debtor / creditor balance, and the totals, over the filters', async () => {
    const page = renderPage(<JournalsPage routePath={PATH} />, {
      route: `${PATH}?tab=balances&from=2026-01-01&to=2026-03-31&journal=VT`,
      path: PATH,
      api: { 'GET /accounting/settings': settings(), 'GET /accounting/balances': balances() },
    });
    const rows = await screen.findAllByTestId('balance-row');
    expect(screen.getByRole('tab', { name: 'Balances', selected: true })).toBeInTheDocument();
    expect(page.api.callsTo('GET /accounting/balances')[0].query).toEqual({ from: '2026-01-01', to: '2026-03-31', journal: 'VT' });
    expect(rows.map(cells)).toEqual([
      ['411', 'Clients', 'CL00007Cave Dupont', EURO('360,00 €'), EURO('120,00 €'), `${EURO('240,00 €')} débiteur`],
      ['445712', 'TVA collectée 20 %', '', EURO('0,00 €'), EURO('60,00 €'), `${EURO('60,00 €')} créditeur`],
      ['7011', 'Ventes de vins', '', EURO('0,00 €'), EURO('300,00 €'), `${EURO('300,00 €')} créditeur`],
      ['5121', 'Banque', '', EURO('120,00 €'), EURO('0,00 €'), `${EURO('120,00 €')} débiteur`],
    ]);
    expect(cells(screen.getByTestId('balance-total'))).toEqual(['Total', EURO('480,00 €'), EURO('480,00 €'), `${EURO('0,00 €')} soldé`]);
  });

  it('opens the entries of an account with the same period', async () => {
    const page = renderPage(<JournalsPage routePath={PATH} />, {
      route: `${PATH}?tab=balances&from=2026-01-01&to=2026-03-31`,
      path: PATH,
      api: {
        'GET /accounting/settings': settings(),
        'GET /accounting/balances': balances(),
        'GET /accounting/entries': (req: ApiRequest) => entriesPage([entry({ id: 1 })], { debit: 2000, credit: 0 }, req.query),
      },
    });
    await screen.findAllByTestId('balance-row');
    await userEvent.click(screen.getByRole('link', { name: 'Voir les écritures du compte 445712' }));
    await screen.findAllByTestId('resource-row');
    expect(screen.getByRole('tab', { name: 'Écritures', selected: true })).toBeInTheDocument();
    expect(page.location().search).toBe('?from=2026-01-01&to=2026-03-31&account=445712');
    expect(page.api.callsTo('GET /accounting/entries')[0].query).toMatchObject({ from: '2026-01-01', to: '2026-03-31', account: '445712' });
    expect(screen.getByLabelText('Compte')).toHaveValue('445712');
    // back to the balances
    await page.back();
    expect(await screen.findByRole('tab', { name: 'Balances', selected: true })).toBeInTheDocument();
  });

  it('says when the period has no movement', async () => {
    renderPage(<JournalsPage routePath={PATH} />, {
      route: `${PATH}?tab=balances`,
      path: PATH,
      api: { 'GET /accounting/settings': settings(), 'GET /accounting/balances': { items: [], totals: { debit: 0, credit: 0 } } },
    });
    expect(await screen.findByText('Aucun mouvement sur cette période')).toBeInTheDocument();
  });
});
