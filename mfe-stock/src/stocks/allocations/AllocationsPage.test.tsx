import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paginatedOf, renderPage, reply } from 'shared-kernel/testing';
import AllocationsPage from './AllocationsPage';

const allocation = {
  id: 4,
  formatId: 7,
  formatLabel: 'Les Terrasses – 2022 – 75 cl',
  clientUserId: null,
  clientName: null,
  typology: 'caviste',
  quantity: 24,
  consumed: 6,
  remaining: 18,
  startsAt: '2026-11-01T00:00:00Z',
  endsAt: null,
  active: true,
  note: null,
};

it('lists the allocations; « Terminer » ends one and says so; an api refusal is shown in French', async () => {
  let ended = false;
  const page = renderPage(<AllocationsPage />, {
    route: '/dashboard/stocks/allocations',
    session: 'owner',
    api: {
      'GET /stock/allocations': (req) => paginatedOf([{ ...allocation, active: !ended }], req.query),
      'PUT /stock/allocations/4': () => {
        ended = true;
        return { ...allocation, active: false };
      },
    },
  });
  const row = (await screen.findByRole('link', { name: 'Les Terrasses – 2022 – 75 cl' })).closest('tr')!;
  expect(within(row).getByText('caviste')).toBeInTheDocument();
  expect(within(row).getByText('En cours')).toBeInTheDocument();
  await userEvent.click(within(row).getByRole('button', { name: 'Terminer' }));
  await waitFor(() => expect(page.snackbars()).toEqual([{ text: 'Allocation terminée', error: false }]));
  expect(page.api.callsTo('PUT /stock/allocations/4')[0].body).toEqual({ end: true });
  expect(await screen.findByText('Terminée')).toBeInTheDocument();
});

it('« Supprimer » asks first, then deletes; a refusal keeps the row and shows the api’s message', async () => {
  const page = renderPage(<AllocationsPage />, {
    route: '/dashboard/stocks/allocations',
    session: 'owner',
    api: {
      'GET /stock/allocations': (req) => paginatedOf([allocation], req.query),
      'DELETE /stock/allocations/4': reply(409, { success: false, message: 'Cette allocation a déjà servi' }),
    },
  });
  const row = (await screen.findByRole('link', { name: 'Les Terrasses – 2022 – 75 cl' })).closest('tr')!;
  await userEvent.click(within(row).getByRole('button', { name: 'Supprimer' }));
  const popover = (await screen.findByText('Supprimer cette allocation ?')).closest<HTMLElement>('.ant-popover')!;
  expect(page.api.callsTo('DELETE /stock/allocations/4')).toHaveLength(0);
  await userEvent.click(within(popover).getByRole('button', { name: 'Supprimer' }));
  await waitFor(() => expect(page.snackbars()).toEqual([{ text: 'Cette allocation a déjà servi', error: true }]));
  expect(page.api.callsTo('DELETE /stock/allocations/4')).toHaveLength(1);
});

it('says so when there is none', async () => {
  renderPage(<AllocationsPage />, {
    route: '/dashboard/stocks/allocations',
    session: 'owner',
    api: { 'GET /stock/allocations': (req) => paginatedOf([], req.query) },
  });
  expect(await screen.findByText('Aucune allocation pour le moment')).toBeInTheDocument();
});
