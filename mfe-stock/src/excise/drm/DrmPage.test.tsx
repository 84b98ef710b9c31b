import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DrmDeclaration, DrmFigures } from 'shared-kernel/contracts';
import { paginatedOf, renderPage } from 'shared-kernel/testing';
import DrmPage from './DrmPage';

const figures = (f: Partial<DrmFigures>): DrmFigures => ({
  openingCl: 0,
  entries: { production: 0, purchase: 0, return: 0, transferIn: 0, inventoryGain: 0 },
  entriesCl: 0,
  exitsPaid: { sale: 0, tasting: 0, transferPaid: 0 },
  exitsPaidCl: 0,
  exitsFree: { export: 0, eu: 0, sample: 0, loss: 0, inventoryLoss: 0, transferSuspended: 0 },
  exitsFreeCl: 0,
  closingCl: 0,
  duties: { exciseCents: 0, cssCents: 0, totalCents: 0 },
  ...f,
});

const wine = figures({
  openingCl: 45000,
  entries: { production: 10500, purchase: 0, return: 450, transferIn: 0, inventoryGain: 75 },
  entriesCl: 11025,
  exitsPaid: { sale: 3750, tasting: 225, transferPaid: 4500 },
  exitsPaidCl: 8475,
  exitsFreeCl: 3975,
  closingCl: 43575,
  duties: { exciseCents: 351, cssCents: 0, totalCents: 351 },
});
const spirit = figures({
  openingCl: 8400,
  exitsPaidCl: 700,
  exitsFreeCl: 420,
  closingCl: 7280,
  duties: { exciseCents: 5487, cssCents: 4288, totalCents: 9775 },
});

const DECL: DrmDeclaration = {
  warehouse: { id: 3, name: 'Chai principal', exciseNumber: 'FR012345E6789' },
  month: '2024-03',
  status: 'open',
  validatedAt: null,
  openingSource: 'movements',
  categories: [
    { key: 'S200||||', exciseCode: 'S200', productType: 'spirit', color: null, label: 'Sans IG', appellation: null, ...spirit },
    {
      key: 'W200|stillWine|red|AOP|Gigondas',
      exciseCode: 'W200',
      productType: 'stillWine',
      color: 'red',
      label: 'AOP',
      appellation: 'Gigondas',
      ...wine,
    },
  ],
  totals: figures({
    openingCl: 53400,
    entriesCl: 11025,
    exitsPaidCl: 9175,
    exitsFreeCl: 4395,
    closingCl: 50855,
    duties: { exciseCents: 5838, cssCents: 4288, totalCents: 10126 },
  }),
  anomalies: [],
  movementCount: 17,
  movementsLink: '/dashboard/stocks/movements?warehouseId=3&from=2024-03-01&to=2024-03-31',
};

const warehouses = [
  { id: 3, name: 'Chai principal', dutyStatus: 'suspended', archived: false },
  { id: 4, name: 'Boutique', dutyStatus: 'paid', archived: false },
];

function open(api: Record<string, unknown> = {}) {
  return renderPage(<DrmPage />, {
    route: '/dashboard/stocks/drm?warehouseId=3&month=2024-03',
    session: 'owner',
    api: {
      'GET /stock/warehouses': (req: { query: Record<string, string> }) => paginatedOf(warehouses, req.query),
      'GET /excise/drm': DECL,
      'GET /excise/drm/months': [{ month: '2024-03', status: 'open', validatedAt: null, movementCount: 17 }],
      ...api,
    },
  });
}

describe('DRM page', () => {
  it('shows the categories in hl with French decimals, the totals and the duties of the faked api', async () => {
    const page = open();
    const table = await screen.findByRole('table');
    expect(within(table).getByText('W200 · stillWine · red · AOP · Gigondas')).toBeInTheDocument();
    expect(within(table).getByText('S200 · spirit · Sans IG')).toBeInTheDocument();
    const totals = screen.getByTestId('drm-totals');
    expect(totals).toHaveTextContent('5,34000');
    expect(totals).toHaveTextContent('5,08550');
    expect(totals).toHaveTextContent('101,26');
    expect(within(table).getByText('4,35750')).toBeInTheDocument();
    expect(screen.getAllByText('Ouvert')).toHaveLength(2);
    expect(page.calls.find((c) => c.path === '/excise/drm')!.query).toEqual({ warehouseId: '3', month: '2024-03' });
    // only the bonded warehouses are offered
    expect(screen.getByRole('combobox', { name: 'Entrepôt sous douane' })).toBeInTheDocument();
  });

  it('asks for a confirmation explaining the lock before validating the month', async () => {
    const page = open({
      'POST /excise/drm/validate': [201, { ...DECL, status: 'validated', validatedAt: '2024-04-02T08:00:00Z', message: 'ok' }],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Valider le mois' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Valider la DRM de mars 2024 ?');
    expect(dialog).toHaveTextContent('verrouillé définitivement');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(page.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Valider le mois' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Valider et verrouiller' }));
    await waitFor(() => expect(page.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(page.calls.find((c) => c.method === 'POST')!.body).toEqual({ warehouseId: 3, month: '2024-03' });
  });

  it('lists the anomalies with a link to correct them and does not offer the validation', async () => {
    open({
      'GET /excise/drm': {
        ...DECL,
        anomalies: [{ code: 'noVolume', severity: 'error', message: '1 mouvement sur un format sans volume en litres', movementIds: [12] }],
      },
    });
    expect(await screen.findByText(/1 mouvement sur un format sans volume en litres/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Corriger par un mouvement' })).toHaveAttribute('href', '/dashboard/stocks/add');
    expect(screen.getByRole('button', { name: 'Valider le mois' })).toBeDisabled();
  });

  it('expands a category into the movements it counts (detail=true)', async () => {
    const page = open({
      'GET /excise/drm': (req: { query: Record<string, string> }) =>
        req.query.detail === 'true'
          ? {
              ...DECL,
              categories: DECL.categories.map((c) => ({
                ...c,
                detail:
                  c.exciseCode === 'S200'
                    ? [
                        {
                          id: 71,
                          kind: 'sale',
                          quantity: -10,
                          unitCl: 70,
                          volumeCl: -700,
                          line: 'sale',
                          occurredAt: '2024-03-16T09:00:00Z',
                        },
                      ]
                    : [],
              })),
            }
          : DECL,
    });
    const table = await screen.findByRole('table');
    await userEvent.click(within(table).getAllByRole('button', { name: /Développer|Expand/i })[0]);
    const detail = await screen.findByRole('table', { name: 'Détail des lignes' });
    expect(within(detail).getByText('71')).toBeInTheDocument();
    expect(within(detail).getByText('-0,07000')).toBeInTheDocument();
    expect(page.calls.some((c) => c.path === '/excise/drm' && c.query.detail === 'true')).toBe(true);
  });
});
