import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LoyaltyAccount, LoyaltyLedgerEntry, LoyaltyProgram } from 'shared-kernel/contracts';
import { iamWith, PENDING, renderPage, reply, type ApiHandlers, type SessionOption } from 'shared-kernel/testing';
import { LoyaltyCard } from './LoyaltyCard';

const program: LoyaltyProgram = {
  active: true,
  basis: 'euro',
  pointsPerUnit: 1,
  levels: [
    { name: 'Bronze', threshold: 100, offers: [{ kind: 'discount', type: '%', amount: 5 }] },
    { name: 'Argent', threshold: 300, offers: [{ kind: 'discount', type: '%', amount: 10 }] },
    { name: 'Or', threshold: 500, offers: [{ kind: 'products', productIds: [3, 4], maxProducts: 2 }] },
  ],
  updatedAt: '2026-01-02T10:00:00.000Z',
};

const entry = (over: Partial<LoyaltyLedgerEntry> & Pick<LoyaltyLedgerEntry, 'id' | 'points' | 'source'>): LoyaltyLedgerEntry => ({
  at: '2026-03-01T10:00:00.000Z',
  ref: null,
  orderId: null,
  note: null,
  ...over,
});

const history = [
  entry({ id: 3, at: '2026-03-08T10:00:00.000Z', points: -80, source: 'spend', ref: 'W-000081', orderId: 81 }),
  entry({ id: 2, at: '2026-03-04T10:00:00.000Z', points: 250, source: 'ticket', ref: 'T-000012' }),
  entry({ id: 1, at: '2026-02-01T10:00:00.000Z', points: 150, source: 'order', ref: 'W-000077', orderId: 77 }),
];

const account: LoyaltyAccount = {
  clientId: 12,
  balance: 320,
  total: 400,
  spent: 80,
  level: { index: 1, name: 'Argent', threshold: 300 },
  next: { index: 2, name: 'Or', threshold: 500, needed: 180 },
  program,
  history,
};

function open(session: SessionOption, api: ApiHandlers, options: { readOnly?: boolean; language?: 'fr' | 'en' } = {}) {
  return renderPage(<LoyaltyCard clientId={12} readOnly={options.readOnly} />, {
    path: '/dashboard/clients/:id',
    route: '/dashboard/clients/12',
    session,
    language: options.language,
    api,
  });
}

const card = () => screen.findByRole('region', { name: 'Fidélité' });

describe('client file: loyalty card', () => {
  it('shows the balance, the level reached, what the next one needs, the totals and the history', async () => {
    const page = open('owner', { 'GET /loyalty/clients/:clientId': account });
    const region = await card();
    expect(await within(region).findByText('320 points')).toBeInTheDocument();
    expect(within(region).getByText('Argent')).toBeInTheDocument();
    expect(within(region).getByText('Encore 180 points pour atteindre Or')).toBeInTheDocument();
    // 320 between Argent (300) and Or (500): 10 %
    expect(within(region).getByRole('progressbar', { name: 'Progression vers le palier Or' })).toHaveAttribute('aria-valuenow', '10');
    expect(within(region).getByText('Remise de 10 %')).toBeInTheDocument();
    expect(within(region).getByText('Points gagnés').nextElementSibling).toHaveTextContent('400 points');
    expect(within(region).getByText('Points utilisés').nextElementSibling).toHaveTextContent('80 points');

    const table = within(region).getByRole('table', { name: 'Historique des points' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('08/03/2026');
    expect(rows[0]).toHaveTextContent('Points utilisés · W-000081');
    expect(within(rows[0]).getByText('−80')).toHaveStyle({ color: '#a8071a' });
    expect(within(rows[1]).getByText('Ticket de caisse · T-000012')).toBeInTheDocument();
    expect(within(rows[1]).queryByRole('link')).toBeNull();
    expect(within(rows[2]).getByText('+150')).toHaveStyle({ color: '#237804' });
    expect(within(rows[2]).getByRole('link', { name: 'W-000077' })).toHaveAttribute('href', '/dashboard/orders/77');

    expect(within(region).getByRole('button', { name: 'Ajuster les points' })).toBeInTheDocument();
    expect(page.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /loyalty/clients/12']);
  });

  it('says when no point moved yet, below the first level', async () => {
    open('owner', {
      'GET /loyalty/clients/:clientId': {
        ...account,
        balance: 0,
        total: 0,
        spent: 0,
        level: null,
        next: { index: 0, name: 'Bronze', threshold: 100, needed: 100 },
        history: [],
      },
    });
    const region = await card();
    expect(await within(region).findByText('Aucun mouvement de points')).toBeInTheDocument();
    expect(within(region).getByText('Aucun palier atteint')).toBeInTheDocument();
    expect(within(region).getByText('Encore 100 points pour atteindre Bronze')).toBeInTheDocument();
    expect(within(region).queryByRole('table')).toBeNull();
  });

  it('adjusts the points: checks the form, sends the adjustment, then shows the refreshed account', async () => {
    let current: LoyaltyAccount = account;
    const adjusted: LoyaltyAccount = {
      ...account,
      balance: 270,
      spent: 130,
      level: { index: 0, name: 'Bronze', threshold: 100 },
      next: { index: 1, name: 'Argent', threshold: 300, needed: 30 },
      history: [
        entry({ id: 4, at: '2026-03-10T10:00:00.000Z', points: -50, source: 'adjustment', note: 'Geste commercial repris' }),
        ...history,
      ],
    };
    const page = open('owner', {
      'GET /loyalty/clients/:clientId': () => current,
      'POST /loyalty/clients/:clientId/adjustments': () => {
        current = adjusted;
        return { ...adjusted, message: 'Points de fidélité mis à jour' };
      },
    });
    const region = await card();
    await userEvent.click(await within(region).findByRole('button', { name: 'Ajuster les points' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajuster les points de fidélité' });
    expect(within(dialog).getByText('Solde actuel : 320 points')).toBeInTheDocument();

    // the contract's rules, before any call
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer l’ajustement' }));
    expect(await within(dialog).findByText('Le nombre de points doit être un entier non nul')).toBeInTheDocument();
    expect(within(dialog).getByText('Le motif est obligatoire (200 caractères au plus)')).toBeInTheDocument();
    expect(page.api.callsTo('POST /loyalty/clients/:clientId/adjustments')).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Points' }), '-50');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Motif' }), 'Geste commercial repris');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer l’ajustement' }));

    await waitFor(() => expect(page.api.callsTo('POST /loyalty/clients/:clientId/adjustments')).toHaveLength(1));
    const post = page.api.callsTo('POST /loyalty/clients/:clientId/adjustments')[0];
    expect(post.path).toBe('/loyalty/clients/12/adjustments');
    expect(post.body).toEqual({ points: -50, note: 'Geste commercial repris' });
    await waitFor(() => expect(page.snackbars()).toContainEqual({ text: 'Points de fidélité mis à jour', error: false }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    expect(await within(region).findByText('270 points')).toBeInTheDocument();
    expect(within(region).getByText('Encore 30 points pour atteindre Argent')).toBeInTheDocument();
    const rows = within(within(region).getByRole('table', { name: 'Historique des points' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows[0]).toHaveTextContent('Ajustement manuel');
    expect(rows[0]).toHaveTextContent('Geste commercial repris');
    expect(within(rows[0]).getByText('−50')).toBeInTheDocument();
    // the account is asked again after the adjustment
    await waitFor(() => expect(page.api.callsTo('GET /loyalty/clients/:clientId').length).toBeGreaterThanOrEqual(2));
  });

  it('shows the api’s refusal under the points field and keeps the form open', async () => {
    const page = open('owner', {
      'GET /loyalty/clients/:clientId': {
        ...account,
        balance: 40,
        level: null,
        next: { index: 0, name: 'Bronze', threshold: 100, needed: 60 },
      },
      'POST /loyalty/clients/:clientId/adjustments': reply(409, {
        success: false,
        message: "Le client n'a que 40 points",
        field: 'points',
      }),
    });
    const region = await card();
    await userEvent.click(await within(region).findByRole('button', { name: 'Ajuster les points' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajuster les points de fidélité' });
    const points = within(dialog).getByRole('spinbutton', { name: 'Points' });
    await userEvent.type(points, '-100');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Motif' }), 'Erreur de saisie');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer l’ajustement' }));

    expect(await within(dialog).findByText("Le client n'a que 40 points")).toBeInTheDocument();
    expect(points).toHaveAttribute('aria-invalid', 'true');
    expect(points).toHaveAccessibleDescription(/Le client n'a que 40 points/);
    expect(page.api.callsTo('POST /loyalty/clients/:clientId/adjustments')[0].body).toEqual({ points: -100, note: 'Erreur de saisie' });
    expect(screen.getByRole('dialog', { name: 'Ajuster les points de fidélité' })).toBeInTheDocument();
    expect(page.snackbars()).toEqual([]);
    expect(page.api.callsTo('GET /loyalty/clients/:clientId')).toHaveLength(1);
  });

  it('without an active programme: says so, links to the settings and shows the points left', async () => {
    open('owner', {
      'GET /loyalty/clients/:clientId': {
        ...account,
        balance: 40,
        level: null,
        next: null,
        program: { ...program, active: false },
        history: [entry({ id: 9, points: 40, source: 'order', ref: 'W-000090', orderId: 90 })],
      },
    });
    const region = await card();
    expect(await within(region).findByText('Aucun programme de fidélité actif')).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'Configurer le programme de fidélité' })).toHaveAttribute(
      'href',
      '/dashboard/settings?link=promotions',
    );
    expect(within(region).getByText('40 points')).toBeInTheDocument();
    expect(within(region).queryByRole('progressbar')).toBeNull();
    expect(within(region).queryByRole('button', { name: 'Ajuster les points' })).toBeNull();
  });

  it('without an active programme nor points: the message only', async () => {
    open('owner', {
      'GET /loyalty/clients/:clientId': {
        ...account,
        balance: 0,
        total: 0,
        spent: 0,
        level: null,
        next: null,
        program: { ...program, active: false, levels: [] },
        history: [],
      },
    });
    const region = await card();
    expect(await within(region).findByText('Aucun programme de fidélité actif')).toBeInTheDocument();
    expect(within(region).queryByText(/points$/)).toBeNull();
    expect(within(region).queryByText('Aucun mouvement de points')).toBeNull();
  });

  it('an agent reads the card without the adjustment', async () => {
    open('agent', { 'GET /loyalty/clients/:clientId': account });
    const region = await card();
    expect(await within(region).findByText('320 points')).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Ajuster les points' })).toBeNull();
  });

  it('an iam adjusts with createClient; without it reads only, and the settings link needs createCampaign', async () => {
    const first = open('iam', { 'GET /loyalty/clients/:clientId': account });
    expect(await within(await card()).findByRole('button', { name: 'Ajuster les points' })).toBeInTheDocument();
    first.unmount();

    const inactive = { ...account, program: { ...program, active: false } };
    const second = open(iamWith({ seeAllClient: true }), { 'GET /loyalty/clients/:clientId': inactive });
    let region = await card();
    expect(await within(region).findByText('Aucun programme de fidélité actif')).toBeInTheDocument();
    expect(within(region).queryByRole('link', { name: 'Configurer le programme de fidélité' })).toBeNull();
    expect(within(region).queryByRole('button', { name: 'Ajuster les points' })).toBeNull();
    second.unmount();

    open(iamWith({ seeAllClient: true, createCampaign: true }), { 'GET /loyalty/clients/:clientId': inactive });
    region = await card();
    expect(await within(region).findByRole('link', { name: 'Configurer le programme de fidélité' })).toBeInTheDocument();
  });

  it('an erased client’s points are read only', async () => {
    open('owner', { 'GET /loyalty/clients/:clientId': account }, { readOnly: true });
    const region = await card();
    expect(await within(region).findByText('320 points')).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Ajuster les points' })).toBeNull();
  });

  it('shows a skeleton while loading', async () => {
    open('owner', { 'GET /loyalty/clients/:clientId': PENDING });
    const region = await card();
    expect(within(region).getByRole('status', { name: 'Chargement des points de fidélité…' })).toBeInTheDocument();
    expect(region.querySelector('.ant-skeleton')).not.toBeNull();
  });

  it('shows the api error and reloads on « Réessayer »', async () => {
    let fail = true;
    const page = open('owner', {
      'GET /loyalty/clients/:clientId': () => (fail ? reply(500, { success: false, message: 'Service indisponible' }) : account),
    });
    const region = await card();
    expect(await within(region).findByText('Service indisponible')).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(region).getByRole('button', { name: 'Réessayer' }));
    expect(await within(region).findByText('320 points')).toBeInTheDocument();
    expect(page.api.callsTo('GET /loyalty/clients/:clientId')).toHaveLength(2);
  });

  it('on a phone: the history as a list, the adjustment reachable from the keyboard', async () => {
    const width = window.innerWidth;
    window.innerWidth = 375;
    try {
      open('owner', { 'GET /loyalty/clients/:clientId': account });
      const region = await card();
      const list = await within(region).findByRole('list', { name: 'Historique des points' });
      expect(within(region).queryByRole('table')).toBeNull();
      const items = within(list).getAllByRole('listitem');
      expect(items).toHaveLength(3);
      expect(items[0]).toHaveTextContent('08/03/2026−80Points utilisés · W-000081');
      expect(within(items[2]).getByRole('link', { name: 'W-000077' })).toHaveAttribute('href', '/dashboard/orders/77');

      within(region).getByRole('button', { name: 'Ajuster les points' }).focus();
      await userEvent.keyboard('{Enter}');
      const dialog = await screen.findByRole('dialog', { name: 'Ajuster les points de fidélité' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    } finally {
      window.innerWidth = width;
    }
  });

  it('speaks English when the page does', async () => {
    open('owner', { 'GET /loyalty/clients/:clientId': account }, { language: 'en' });
    const region = await screen.findByRole('region', { name: 'Loyalty' });
    expect(await within(region).findByText('180 points more to reach Or')).toBeInTheDocument();
    expect(within(region).getByText('10 % off')).toBeInTheDocument();
    const rows = within(within(region).getByRole('table', { name: 'Points history' })).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('DateLabelPointsNote');
    expect(rows[3]).toHaveTextContent('Paid order · W-000077');
    expect(within(region).getByRole('button', { name: 'Adjust points' })).toBeInTheDocument();
  });
});
