import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { iamWith, paginatedOf, renderPage, reply, type ApiRequest } from 'shared-kernel/testing';
import { SUMMARY } from '../futures.fixtures';
import FuturesListPage from './FuturesListPage';

describe('primeurs list', () => {
  it('lists the campaigns with their terms and figures; the owner may add one; a status filter goes to the api', async () => {
    const page = renderPage(<FuturesListPage />, {
      route: '/dashboard/futures?pageSize=10',
      api: { 'GET /futures/campaigns': (req: ApiRequest) => paginatedOf([SUMMARY], req.query) },
    });
    const link = await screen.findByRole('link', { name: 'Primeurs 2025' });
    expect(link).toHaveAttribute('href', '/dashboard/futures/3');
    const row = link.closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('2025');
    expect(row).toHaveTextContent('30 %');
    expect(row).toHaveTextContent('du 01/03/2027 au 30/06/2027');
    expect(within(row).getByText(/324,00/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nouvelle campagne' })).toHaveAttribute('href', '/dashboard/futures/add');
    expect(page.calls[0].query).toEqual({ page: '1', pageSize: '10', sort: '-createdAt' });
    await userEvent.click(screen.getByRole('columnheader', { name: /Campagne/ }));
    expect(page.calls.at(-1)!.query).toMatchObject({ sort: 'name' });
  });

  it('an iam who may only see has no "Nouvelle campagne"; the empty and error states show', async () => {
    renderPage(<FuturesListPage />, {
      route: '/dashboard/futures?pageSize=10',
      session: iamWith({ seeFutureOrder: true }),
      api: { 'GET /futures/campaigns': (req: ApiRequest) => paginatedOf([], req.query) },
    });
    expect(await screen.findByText('Aucune campagne de primeurs pour le moment')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Nouvelle campagne' })).not.toBeInTheDocument();
  });

  it('shows the api message and "Réessayer" on an error', async () => {
    renderPage(<FuturesListPage />, {
      route: '/dashboard/futures',
      api: { 'GET /futures/campaigns': reply(500, { success: false, message: 'Une erreur est survenue' }) },
    });
    expect(await screen.findByText('Une erreur est survenue')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });
});
