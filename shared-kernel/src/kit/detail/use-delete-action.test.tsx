/** @jest-environment jsdom */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from 'shared-kernel/runtime';
import { renderPage, reply } from '../../testing';
import { useDeleteAction } from './use-delete-action';

function SupplierPage() {
  const deleting = useDeleteAction({
    run: (id: number) => api.del(`/suppliers/${id}`, undefined, { silent: true }),
    title: 'Supprimer ce fournisseur ?',
    content: 'Ses achats restent enregistrés.',
    okText: 'Supprimer',
    success: 'Fournisseur supprimé',
    backTo: '/dashboard/suppliers',
  });
  return (
    <button type="button" onClick={() => void deleting.run(7)}>
      Supprimer le fournisseur
    </button>
  );
}

const options = {
  path: '/dashboard/suppliers/:id',
  route: '/dashboard/suppliers',
  routes: { '/dashboard/suppliers': <p>liste des fournisseurs</p> },
};

async function openAndAsk(from?: string) {
  const page = renderPage(<SupplierPage />, { ...options, api: { 'DELETE /suppliers/:id': () => ({ success: true }) } });
  await page.navigate('/dashboard/suppliers/7', from ? { state: { from } } : undefined);
  await userEvent.click(screen.getByRole('button', { name: 'Supprimer le fournisseur' }));
  return page;
}

describe('useDeleteAction', () => {
  it('asks in a red popup; cancelling deletes nothing and stays on the page', async () => {
    const page = await openAndAsk();
    const popup = await screen.findByRole('dialog');
    expect(within(popup).getByText('Supprimer ce fournisseur ?')).toHaveAttribute('data-error', 'true');
    expect(within(popup).getByText('Ses achats restent enregistrés.')).toBeInTheDocument();
    await userEvent.click(within(popup).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(page.calls).toHaveLength(0);
    expect(page.location().pathname).toBe('/dashboard/suppliers/7');
  });

  it('deletes on Ok, tells it, and goes back to the list with the filters it was opened from', async () => {
    const page = await openAndAsk('/dashboard/suppliers?q=dupont&page=2');
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('liste des fournisseurs')).toBeInTheDocument();
    expect(page.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['DELETE /suppliers/7']);
    expect(page.snackbars()).toEqual([{ text: 'Fournisseur supprimé', error: false }]);
    expect(`${page.location().pathname}${page.location().search}`).toBe('/dashboard/suppliers?q=dupont&page=2');
  });

  it('goes to the bare list when opened from elsewhere', async () => {
    const page = await openAndAsk('/dashboard/clients?page=3');
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('liste des fournisseurs')).toBeInTheDocument();
    expect(`${page.location().pathname}${page.location().search}`).toBe('/dashboard/suppliers');
  });

  it('a refused deletion keeps the page and shows the api’s message', async () => {
    const page = renderPage(<SupplierPage />, {
      ...options,
      route: '/dashboard/suppliers/7',
      api: { 'DELETE /suppliers/:id': () => reply(409, { success: false, message: 'Ce fournisseur a des achats en cours' }) },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Supprimer le fournisseur' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(page.snackbars()).toEqual([{ text: 'Ce fournisseur a des achats en cours', error: true }]));
    expect(page.location().pathname).toBe('/dashboard/suppliers/7');
  });
});
