import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Opportunity, OpportunityBoard } from 'shared-kernel/contracts';
import { renderPage, reply } from 'shared-kernel/testing';
import OpportunitiesPage, { dropTarget } from './OpportunitiesPage';

const opp = (id: number, stage: string, position: number, amountCents: number, probability: number, title: string): Opportunity => ({
  id,
  title,
  clientId: 10 + id,
  clientName: `Cave ${id}`,
  stage,
  position,
  amountCents,
  probability,
  weightedCents: Math.round((amountCents * probability) / 100),
  expectedDate: '2025-03-15',
  owner: { id: 1, name: 'Olivia Owner' },
  status: 'open',
  lostReason: null,
  quoteId: null,
  notes: null,
  closedAt: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
});

const board: OpportunityBoard = {
  status: 'open',
  stages: [
    {
      key: 'qualification',
      label: 'Qualification',
      count: 2,
      amountCents: 350000,
      weightedCents: 80000,
      items: [opp(1, 'qualification', 0, 150000, 20, 'Carte des vins'), opp(2, 'qualification', 1, 200000, 25, 'Coffrets')],
    },
    { key: 'proposition', label: 'Proposition', count: 0, amountCents: 0, weightedCents: 0, items: [] },
    {
      key: 'negociation',
      label: 'Négociation',
      count: 1,
      amountCents: 123456,
      weightedCents: 61728,
      items: [opp(3, 'negociation', 0, 123456, 50, 'Importateur')],
    },
  ],
  totals: { count: 3, amountCents: 473456, weightedCents: 141728 },
};

const team = [{ id: 1, name: 'Olivia Owner', kind: 'owner' }];
const nbsp = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

it('shows a column per stage with its totals (count, amount, weighted) and an empty state', async () => {
  renderPage(<OpportunitiesPage />, {
    route: '/dashboard/clients/opportunities',
    session: 'owner',
    api: { 'GET /opportunities/board': () => board, 'GET /tasks/assignees': () => team },
  });
  const qualification = await screen.findByRole('region', { name: 'Qualification' });
  expect(nbsp(within(qualification).getByTestId('totals-qualification').textContent!)).toBe(
    '2 opportunités3 500,00 € · Pondéré : 800,00 €',
  );
  const nego = screen.getByRole('region', { name: 'Négociation' });
  expect(nbsp(within(nego).getByTestId('totals-negociation').textContent!)).toBe('1 opportunité1 234,56 € · Pondéré : 617,28 €');
  expect(within(screen.getByRole('region', { name: 'Proposition' })).getByText('Aucune opportunité')).toBeInTheDocument();
  expect(nbsp(screen.getByTestId('board-totals').textContent!)).toBe('3 opportunités · 4 734,56 € · pondéré 1 417,28 €');
  expect(within(qualification).getByText('Cave 1')).toBeInTheDocument();
  expect(within(qualification).getAllByText('15/03/2025')).toHaveLength(2);
});

it('moves a card through the keyboard menu "Déplacer vers…" and calls the api', async () => {
  const page = renderPage(<OpportunitiesPage />, {
    route: '/dashboard/clients/opportunities',
    session: 'owner',
    api: {
      'GET /opportunities/board': () => board,
      'GET /tasks/assignees': () => team,
      'POST /opportunities/:id/move': (req) => ({
        ...opp(1, 'negociation', 1, 150000, 20, 'Carte des vins'),
        message: 'Opportunité déplacée',
        id: Number(req.params.id),
      }),
    },
  });
  const button = await screen.findByRole('button', { name: 'Déplacer vers… (Carte des vins)' });
  button.focus();
  await userEvent.keyboard('{Enter}');
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Négociation' }));
  await waitFor(() => expect(page.calls.some((c) => c.method === 'POST')).toBe(true));
  const call = page.calls.find((c) => c.method === 'POST')!;
  expect(call.path).toBe('/opportunities/1/move');
  expect(call.body).toEqual({ stage: 'negociation', position: 1 });
  // shown at once in the target column
  await waitFor(() => expect(within(screen.getByRole('region', { name: 'Négociation' })).getByText('Carte des vins')).toBeInTheDocument());
  await waitFor(() => expect(page.snackbars()).toContainEqual({ text: 'Opportunité déplacée', error: false }));
});

it('moves down within its column and shows the api refusal', async () => {
  const page = renderPage(<OpportunitiesPage />, {
    route: '/dashboard/clients/opportunities',
    session: 'owner',
    api: {
      'GET /opportunities/board': () => board,
      'GET /tasks/assignees': () => team,
      'POST /opportunities/:id/move': () =>
        reply(409, { success: false, message: "Cette opportunité n'est plus en cours : rouvrez-la d'abord" }),
    },
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Déplacer vers… (Carte des vins)' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Descendre' }));
  await waitFor(() => expect(page.calls.find((c) => c.method === 'POST')?.body).toEqual({ stage: 'qualification', position: 1 }));
  await waitFor(() =>
    expect(page.snackbars()).toContainEqual({ text: "Cette opportunité n'est plus en cours : rouvrez-la d'abord", error: true }),
  );
});

it('keeps the filters in the URL and sends them to the api', async () => {
  const page = renderPage(<OpportunitiesPage />, {
    route: '/dashboard/clients/opportunities?status=won&ownerId=1&q=cave',
    session: 'owner',
    api: {
      'GET /opportunities/board': () => ({
        ...board,
        status: 'won',
        stages: board.stages.map((c) => ({ ...c, items: c.items.map((o) => ({ ...o, status: 'won' })) })),
      }),
      'GET /tasks/assignees': () => team,
    },
  });
  await screen.findByRole('region', { name: 'Qualification' });
  expect(page.calls.find((c) => c.path === '/opportunities/board')!.query).toEqual({ status: 'won', ownerId: '1', q: 'cave' });
  // closed ones are not dragged nor moved
  expect(screen.queryByRole('button', { name: /Déplacer vers/ })).toBeNull();
});

it('marks an opportunity lost with a required reason', async () => {
  const page = renderPage(<OpportunitiesPage />, {
    route: '/dashboard/clients/opportunities',
    session: 'owner',
    api: {
      'GET /opportunities/board': () => board,
      'GET /tasks/assignees': () => team,
      'POST /opportunities/:id/lost': (req) => ({
        ...opp(3, 'negociation', 0, 1, 1, 'Importateur'),
        status: 'lost',
        lostReason: (req.body as { reason: string }).reason,
        message: 'Opportunité perdue',
      }),
    },
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Actions pour « Importateur »' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Marquer perdue' }));
  const dialog = await screen.findByRole('dialog');
  const ok = within(dialog).getByRole('button', { name: 'Marquer perdue' });
  expect(ok).toBeDisabled();
  await userEvent.type(within(dialog).getByLabelText('Raison de la perte'), 'Prix trop élevé');
  await userEvent.click(ok);
  await waitFor(() =>
    expect(page.calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/opportunities/3/lost',
      body: { reason: 'Prix trop élevé' },
    }),
  );
});

it('computes the drop target of a drag (on a card, on a column)', () => {
  expect(dropTarget(board.stages, 1, 'opp-3')).toEqual({ stage: 'negociation', position: 0 });
  expect(dropTarget(board.stages, 1, 'col-proposition')).toEqual({ stage: 'proposition', position: 0 });
  expect(dropTarget(board.stages, 1, 'col-qualification')).toEqual({ stage: 'qualification', position: 1 });
  expect(dropTarget(board.stages, 1, 'opp-2')).toEqual({ stage: 'qualification', position: 1 });
});
