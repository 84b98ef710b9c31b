/** @jest-environment jsdom */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from 'antd';
import { api, ApiError } from 'shared-kernel/runtime';
import { renderPage, reply } from '../../testing';
import { isNotFoundError } from '../errors';
import { createQueryKeys } from '../query/keys';
import { createResourceHooks } from '../query/resource-hooks';
import { DetailLayout, DetailSection } from './DetailLayout';
import { EditDrawer, useEditDrawer } from './EditDrawer';
import { QueryBoundary, parseId, useIdParam } from './QueryBoundary';

interface Order {
  id: number;
  number: string;
  status: string;
  paymentStatus: string;
}
const orders = createResourceHooks({
  keys: createQueryKeys<unknown, number>('sales', 'orders'),
  get: (id: number, signal) => api.get<Order>(`/orders/${id}`, { silent: true, signal }),
});

function OrderPage() {
  const id = useIdParam();
  const query = orders.useOne(id);
  return (
    <QueryBoundary
      query={query}
      missing={id === null}
      notFound={{ backTo: '/dashboard/orders', backLabel: 'Retour aux commandes', title: 'Commande introuvable' }}
    >
      {(o) => (
        <DetailLayout
          title={`Commande n° ${o.number}`}
          backTo="/dashboard/orders"
          backLabel="Retour aux commandes"
          status={[
            { kind: 'order', status: o.status },
            { kind: 'payment', status: o.paymentStatus },
          ]}
          actions={<Button>Valider</Button>}
          side={<DetailSection title="Client">Béatrice Acheteuse</DetailSection>}
        >
          <DetailSection title="Articles" extra={<Button size="small">Modifier</Button>}>
            3 bouteilles
          </DetailSection>
        </DetailLayout>
      )}
    </QueryBoundary>
  );
}

const ORDER: Order = { id: 42, number: 'C-42', status: 'validated', paymentStatus: 'paid' };
const routes = { '/dashboard/orders': <p>liste des commandes</p> };
function setWidth(width: number) {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    window.dispatchEvent(new Event('resize'));
  });
}
beforeEach(() => setWidth(1440));

describe('DetailLayout', () => {
  it('shows the header (back link, title, status tags, actions), the main and the side columns', async () => {
    renderPage(<OrderPage />, { path: '/dashboard/orders/:id', route: '/dashboard/orders/42', api: { 'GET /orders/:id': ORDER } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Commande n° C-42' })).toBeInTheDocument();
    expect(screen.getByText('Validée')).toHaveAttribute('data-group');
    expect(screen.getByText('Payé')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Valider' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Articles' })).getByText('3 bouteilles')).toBeInTheDocument();
    expect(within(screen.getByRole('complementary')).getByRole('region', { name: 'Client' })).toHaveTextContent('Béatrice Acheteuse');
    expect(document.querySelector('.wz-detail-body')).toHaveAttribute('data-layout', 'columns');
    expect(screen.getByRole('link', { name: '← Retour aux commandes' })).toHaveAttribute('href', '/dashboard/orders');
  });

  it('goes back to the list with the filters it was opened from', async () => {
    const page = renderPage(<OrderPage />, {
      path: '/dashboard/orders/:id',
      route: '/dashboard/orders',
      routes: { '/dashboard/orders': <p>liste</p> },
      api: { 'GET /orders/:id': ORDER },
    });
    await page.navigate('/dashboard/orders/42', { state: { from: '/dashboard/orders?status=pending&page=2' } });
    expect(await screen.findByRole('link', { name: '← Retour aux commandes' })).toHaveAttribute(
      'href',
      '/dashboard/orders?status=pending&page=2',
    );
    // another list's URL is not used
    await page.navigate('/dashboard/orders/42', { state: { from: '/dashboard/clients?page=3' } });
    expect(await screen.findByRole('link', { name: '← Retour aux commandes' })).toHaveAttribute('href', '/dashboard/orders');
  });

  it('stacks the columns on a phone', async () => {
    setWidth(375);
    renderPage(<OrderPage />, { path: '/dashboard/orders/:id', route: '/dashboard/orders/42', api: { 'GET /orders/:id': ORDER } });
    await screen.findByRole('heading', { level: 1 });
    expect(document.querySelector('.wz-detail-body')).toHaveAttribute('data-layout', 'stacked');
  });
});

describe('QueryBoundary and ResourceNotFound', () => {
  const NOT_FOUND = "Cette page n'existe pas ou vous n'y avez pas accès.";

  it.each([
    [404, 'Commande introuvable'],
    [403, 'Accès refusé'],
    [400, "L'identifiant doit être un nombre entier"],
  ])('answers %i with the shared not-found page and a link back to the list', async (status, message) => {
    renderPage(<OrderPage />, {
      path: '/dashboard/orders/:id',
      route: '/dashboard/orders/42',
      routes,
      api: { 'GET /orders/:id': reply(status, { success: false, message }) },
    });
    expect(await screen.findByText(NOT_FOUND)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Commande introuvable' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Retour aux commandes' }));
    expect(await screen.findByText('liste des commandes')).toBeInTheDocument();
  });

  it('answers a malformed id without asking the api', async () => {
    const page = renderPage(<OrderPage />, { path: '/dashboard/orders/:id', route: '/dashboard/orders/abc', api: {} });
    expect(await screen.findByText(NOT_FOUND)).toBeInTheDocument();
    expect(page.calls).toEqual([]);
  });

  it('shows other errors with a retry', async () => {
    let fail = true;
    renderPage(<OrderPage />, {
      path: '/dashboard/orders/:id',
      route: '/dashboard/orders/42',
      api: { 'GET /orders/:id': () => (fail ? reply(500, { success: false, message: 'Base de données indisponible' }) : ORDER) },
    });
    expect(await screen.findByText('Base de données indisponible')).toBeInTheDocument();
    expect(screen.queryByText(NOT_FOUND)).not.toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Commande n° C-42' })).toBeInTheDocument();
  });

  it('isNotFoundError: 404, 403 and 400 only', () => {
    expect([404, 403, 400, 401, 409, 500, 0].map((s) => isNotFoundError(new ApiError(s, 'x')))).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
    expect(isNotFoundError(new Error('404'))).toBe(false);
    expect([parseId('42'), parseId('0'), parseId('4.2'), parseId('-1'), parseId('99999999999999999'), parseId(undefined)]).toEqual([
      42,
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});

function Editable({ dirty }: { dirty: boolean }) {
  const drawer = useEditDrawer<{ name: string }>();
  return (
    <>
      <Button onClick={() => drawer.open({ name: 'Cave Dupont' })}>Modifier</Button>
      <EditDrawer {...drawer.props} title="Modifier le client" dirty={dirty}>
        <p>formulaire de {drawer.target?.name}</p>
      </EditDrawer>
    </>
  );
}

describe('EditDrawer', () => {
  it('opens on the edited object and closes at once when nothing changed', async () => {
    renderPage(<Editable dirty={false} />, { route: '/x' });
    await userEvent.click(screen.getByRole('button', { name: 'Modifier' }));
    expect(await screen.findByText('formulaire de Cave Dupont')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByText('formulaire de Cave Dupont')).not.toBeInTheDocument());
  });

  it('asks before closing with unsaved changes', async () => {
    renderPage(<Editable dirty />, { route: '/x' });
    await userEvent.click(screen.getByRole('button', { name: 'Modifier' }));
    await screen.findByText('formulaire de Cave Dupont');
    await userEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(await screen.findByText('Vous avez des modifications non enregistrées. Quitter sans enregistrer ?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Rester' }));
    expect(screen.getByText('formulaire de Cave Dupont')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Quitter sans enregistrer' }));
    await waitFor(() => expect(screen.queryByText('formulaire de Cave Dupont')).not.toBeInTheDocument());
  });
});
