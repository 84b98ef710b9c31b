import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from 'shared-kernel/testing';
import SupplierDetailPage from './SupplierDetailPage';

const supplier = {
  id: 7,
  company: 'Bouchons Dupont',
  status: 'active',
  contacts: [],
  address: {},
  purchases: { count: 0, totalHTCents: 0, openHTCents: 0, recent: [] },
};

it('deletes a supplier without purchases after confirmation, then goes back to the list it came from', async () => {
  const page = renderPage(<SupplierDetailPage />, {
    path: '/dashboard/suppliers/:id',
    route: '/dashboard/suppliers',
    routes: { '/dashboard/suppliers': <p>liste des fournisseurs</p> },
    session: 'owner',
    api: { 'GET /suppliers/7': supplier, 'DELETE /suppliers/7': { success: true } },
  });
  await page.navigate('/dashboard/suppliers/7', { state: { from: '/dashboard/suppliers?q=dupont' } });
  await userEvent.click(await screen.findByRole('button', { name: 'Supprimer' }));
  const popup = await screen.findByRole('dialog');
  expect(within(popup).getByText('Supprimer ce fournisseur ?')).toBeInTheDocument();
  await userEvent.click(within(popup).getByRole('button', { name: 'Supprimer' }));
  expect(await screen.findByText('liste des fournisseurs')).toBeInTheDocument();
  expect(page.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/suppliers/7']);
  expect(page.snackbars()).toEqual([{ text: 'Fournisseur supprimé', error: false }]);
  expect(`${page.location().pathname}${page.location().search}`).toBe('/dashboard/suppliers?q=dupont');
});
