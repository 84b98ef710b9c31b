import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage, reply, type ApiRequest } from 'shared-kernel/testing';
import { entriesPage, entry, EURO, settings } from '../journals.fixtures';
import JournalsPage from '../JournalsPage';

const ROUTE = '/dashboard/accounting/journals';
const PATH = ROUTE;
const rows = () => screen.getAllByTestId('resource-row');
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

const ENTRIES = [
  entry({ id: 12, lettering: 'AA', letteringDate: '2026-03-02', closed: true }),
  entry({
    id: 3,
    journal: 'BQ',
    journalCode: 'BQ1',
    journalLabel: 'Banque Crédit Agricole',
    ref: 'BQ000003',
    date: '2026-03-02',
    pieceRef: 'REG-3',
    label: 'Règlement Cave Dupont',
    amount: 4550,
    lines: [
      { account: '5121', accountLabel: 'Banque', auxiliary: null, auxiliaryLabel: null, label: 'Virement', debit: 4550, credit: 0 },
      {
        account: '411',
        accountLabel: 'Clients',
        auxiliary: 'CL00007',
        auxiliaryLabel: 'Cave Dupont',
        label: 'Cave Dupont',
        debit: 0,
        credit: 4550,
      },
    ],
  }),
];

function open(route: string, handlers: Record<string, unknown> = {}) {
  return renderPage(<JournalsPage routePath={PATH} />, {
    route,
    path: PATH,
    routes: { '/dashboard/orders/bills': <p>Factures</p> },
    api: {
      'GET /accounting/settings': settings(),
      'GET /accounting/entries': (req: ApiRequest) => entriesPage(ENTRIES, { debit: 16550, credit: 16550 }, req.query),
      ...handlers,
    },
  });
}

describe('Écritures', () => {
  it('lists the entries with their totals and the balanced tag', async () => {
    const page = open(ROUTE);
    await screen.findAllByTestId('resource-row');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Journaux');
    expect(screen.getByRole('tab', { name: 'Écritures', selected: true })).toBeInTheDocument();
    expect(page.api.callsTo('GET /accounting/entries')[0].query).toEqual({ page: '1', pageSize: '20', sort: '-date' });

    expect(rows().map(cells)).toEqual([
      ['VT000012', '10/02/2026', 'VT Ventes', 'F-2026-0012', 'Facture Cave DupontCave Dupont', EURO('120,00 €'), 'AA le 02/03/2026', ''],
      ['BQ000003', '02/03/2026', 'BQ1 Banque Crédit Agricole', 'REG-3', 'Règlement Cave DupontCave Dupont', EURO('45,50 €'), '—', ''],
    ]);
    // the closed month's entry carries the lock, the other not
    expect(within(rows()[0]).getByRole('img', { name: 'Période clôturée' })).toBeInTheDocument();
    expect(within(rows()[1]).queryByRole('img', { name: 'Période clôturée' })).toBeNull();
    expect(screen.getByText('2 écritures')).toBeInTheDocument();

    const totals = screen.getByRole('region', { name: 'Totaux des lignes filtrées' });
    expect(within(totals).getByTestId('entries-total-debit').textContent).toBe(EURO('165,50 €'));
    expect(within(totals).getByTestId('entries-total-credit').textContent).toBe(EURO('165,50 €'));
    expect(within(totals).getByTestId('entries-balance')).toHaveTextContent('Équilibré');
  });

  it('says when the filtered lines do not balance', async () => {
    open(ROUTE, { 'GET /accounting/entries': (req: ApiRequest) => entriesPage(ENTRIES, { debit: 16550, credit: 16500 }, req.query) });
    const tag = await screen.findByTestId('entries-balance');
    expect(tag).toHaveTextContent('Déséquilibré');
    expect(screen.getByText('Écart de 0,50 €')).toBeInTheDocument();
  });

  it('sends the period, client, journal and account filters to the api and keeps them in the URL', async () => {
    const page = open(`${ROUTE}?from=2026-01-01&to=2026-03-31&clientId=7`);
    await screen.findAllByTestId('resource-row');
    const last = () => page.api.callsTo('GET /accounting/entries').at(-1)!.query;
    expect(last()).toEqual({ page: '1', pageSize: '20', sort: '-date', from: '2026-01-01', to: '2026-03-31', clientId: '7' });
    expect(screen.getByLabelText('Du')).toHaveValue('01/01/2026');
    // the client of the URL is named from the entries on screen (no extra call)
    const filters = screen.getByRole('group', { name: 'Filtres des écritures' });
    expect(within(filters).getByTitle('Cave Dupont')).toBeInTheDocument();

    // journal, with the shop's own code and label
    await userEvent.click(screen.getByLabelText('Journal'));
    await userEvent.click(await screen.findByTitle('BQ1 — Banque Crédit Agricole'));
    await waitFor(() => expect(last()).toMatchObject({ journal: 'BQ' }));
    expect(page.location().search).toBe('?from=2026-01-01&to=2026-03-31&journal=BQ&clientId=7');

    // account prefix, on Enter
    await userEvent.type(screen.getByLabelText('Compte'), '4457{Enter}');
    await waitFor(() => expect(last()).toMatchObject({ account: '4457', journal: 'BQ' }));
    expect(page.location().search).toBe('?from=2026-01-01&to=2026-03-31&journal=BQ&account=4457&clientId=7');
    expect(page.api.callsTo('GET /crm/clients')).toHaveLength(0);
  });

  it('sends the lettering, the search and the sort to the api and keeps them in the URL', async () => {
    const page = open(`${ROUTE}?account=4457`);
    await screen.findAllByTestId('resource-row');
    const last = () => page.api.callsTo('GET /accounting/entries').at(-1)!.query;
    expect(screen.getByLabelText('Compte')).toHaveValue('4457');

    // lettering
    await userEvent.click(screen.getByLabelText('Lettrage'));
    await userEvent.click(await screen.findByTitle('Non lettrées'));
    await waitFor(() => expect(last()).toMatchObject({ lettered: 'false' }));

    // search on the piece or the label
    await userEvent.type(screen.getByRole('searchbox', { name: 'Rechercher une pièce ou un libellé' }), 'REG');
    await waitFor(() => expect(last()).toMatchObject({ q: 'REG' }));

    // sort on N°
    await userEvent.click(screen.getByRole('columnheader', { name: /N°/ }));
    await waitFor(() => expect(last()).toMatchObject({ sort: 'num' }));
    expect(page.location().search).toBe('?sort=num&q=REG&account=4457&lettered=false');
    expect(last()).toEqual({ page: '1', pageSize: '20', sort: 'num', q: 'REG', account: '4457', lettered: 'false' });
  });

  it('opens the lines of a row with their totals and the link to the source document', async () => {
    const page = open(ROUTE);
    await screen.findAllByTestId('resource-row');
    await userEvent.click(rows()[0]);
    const detail = await screen.findByTestId('entry-detail');
    expect(screen.getByText('Écriture VT000012')).toBeInTheDocument();
    expect(within(detail).getByText('Période clôturée : cette écriture ne peut plus changer.')).toBeInTheDocument();
    expect(within(detail).getByText('AA le 02/03/2026')).toBeInTheDocument();
    const lines = within(detail).getAllByTestId('entry-line');
    expect(lines.map(cells)).toEqual([
      ['411CL00007Clients', 'CL00007Cave Dupont', 'Cave Dupont', EURO('120,00 €'), ''],
      ['7011Ventes de vins', '', 'Vins', '', EURO('100,00 €')],
      ['445712TVA collectée 20 %', '', 'TVA 20 %', '', EURO('20,00 €')],
    ]);
    expect(cells(within(detail).getByTestId('entry-lines-total'))).toEqual(['Total', EURO('120,00 €'), EURO('120,00 €')]);

    const link = within(detail).getByRole('link', { name: /Voir le document/ });
    expect(link).toHaveAttribute('href', '/dashboard/orders/bills?open=52');
    await userEvent.click(link);
    expect(await screen.findByText('Factures')).toBeInTheDocument();
    expect(page.location().pathname + page.location().search).toBe('/dashboard/orders/bills?open=52');
  });

  it('opens the lines from the keyboard', async () => {
    open(ROUTE);
    await screen.findAllByTestId('resource-row');
    rows()[1].focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Écriture BQ000003')).toBeInTheDocument();
    expect(within(screen.getByTestId('entry-detail')).getAllByTestId('entry-line')).toHaveLength(2);
  });

  it('says when a period has no entry, and offers to try again after an error', async () => {
    let fail = true;
    open(`${ROUTE}?from=2026-04-01&to=2026-04-30`, {
      'GET /accounting/entries': (req: ApiRequest) =>
        fail ? reply(502, { success: false, message: 'Service indisponible' }) : entriesPage([], { debit: 0, credit: 0 }, req.query),
    });
    expect(await screen.findByText('Service indisponible')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('Aucune écriture sur cette période')).toBeInTheDocument();
    expect(screen.queryByTestId('entries-totals')).toBeNull();
  });

  it('names a client of the URL the page does not show', async () => {
    const page = open(`${ROUTE}?clientId=9`, {
      'GET /accounting/entries': (req: ApiRequest) => entriesPage([], { debit: 0, credit: 0 }, req.query),
      'GET /crm/clients/:id': { id: 9, name: 'Bistrot Martin', code: 'C009' },
    });
    expect(await screen.findByText('Aucune écriture ne correspond à ces filtres')).toBeInTheDocument();
    expect(await screen.findByTitle('Bistrot Martin')).toBeInTheDocument();
    expect(page.api.callsTo('GET /crm/clients/:id')[0].path).toBe('/crm/clients/9');
  });

  it('picks a client among those the clients search finds', async () => {
    const page = open(ROUTE, {
      'GET /crm/clients': (req: ApiRequest) => ({
        items: req.query.q === 'bis' ? [{ id: 9, name: 'Bistrot Martin', code: 'C009' }] : [],
        total: 1,
        page: 1,
        pageSize: 20,
      }),
    });
    await screen.findAllByTestId('resource-row');
    await userEvent.click(screen.getByLabelText('Client'));
    await userEvent.type(screen.getByLabelText('Client'), 'bis');
    await userEvent.click(await screen.findByTitle('Bistrot Martin'));
    await waitFor(() => expect(page.api.callsTo('GET /accounting/entries').at(-1)!.query).toMatchObject({ clientId: '9' }));
    expect(page.location().search).toBe('?clientId=9');
    expect(page.api.callsTo('GET /crm/clients').at(-1)!.query).toEqual({ q: 'bis', pageSize: '20' });
    expect(page.api.callsTo('GET /crm/clients/:id')).toHaveLength(0);
  });
});
