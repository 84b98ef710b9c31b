import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paginatedOf, renderPage } from 'shared-kernel/testing';
import { campaign } from '../campaigns.fixtures';
import CampaignsListPage from './CampaignsListPage';

const rows = [
  campaign(),
  campaign({
    id: 8,
    name: 'Salon de printemps',
    status: 'scheduled',
    sentAt: null,
    startedAt: null,
    stats: { ...campaign().stats, recipients: 0, sent: 0 },
  }),
];

it('lists the campaigns with their status, recipients and rates; sorts and filters on the server', async () => {
  const page = renderPage(<CampaignsListPage />, {
    route: '/dashboard/crm/campaigns?pageSize=10',
    session: 'owner',
    api: { 'GET /campaigns': (req) => paginatedOf(rows, req.query) },
  });
  const link = await screen.findByRole('link', { name: 'Millésime 2024' });
  expect(link).toHaveAttribute('href', '/dashboard/crm/campaigns/7');
  const row = link.closest('tr')!;
  expect(within(row).getByText('Envoyée')).toBeInTheDocument();
  expect(within(row).getByText('120')).toBeInTheDocument();
  expect(within(row).getByText('50 %')).toBeInTheDocument();
  const scheduled = screen.getByRole('link', { name: 'Salon de printemps' }).closest('tr')!;
  expect(within(scheduled).getByText('Programmée')).toBeInTheDocument();
  // not sent yet: no rate
  expect(within(scheduled).getAllByText('—')).toHaveLength(2);
  expect(screen.getByRole('link', { name: 'Nouvelle campagne' })).toHaveAttribute('href', '/dashboard/crm/campaigns/add');

  await userEvent.click(screen.getByRole('columnheader', { name: /Nom/ }));
  expect(page.location().search).toBe('?pageSize=10&sort=name');
  expect(page.calls.at(-1)!.query).toEqual({ page: '1', pageSize: '10', sort: 'name' });
});
