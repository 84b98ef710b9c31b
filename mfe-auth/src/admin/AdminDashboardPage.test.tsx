import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage, reply, type ApiRequest } from 'shared-kernel/testing';
import type { AdminAuditEntry, AdminMaintenance } from './console.queries';
import AdminDashboardPage from './AdminDashboardPage';
import { toLocalInput } from './MaintenanceCard';

const AUDIT: AdminAuditEntry = {
  id: 1,
  userId: 1,
  userName: 'Adèle Administratrice',
  action: 'shop.suspend',
  targetType: 'shop',
  targetId: '2',
  detail: { reason: 'Impayés répétés' },
  at: '2026-05-01T10:00:00Z',
};
const page1 = <T,>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 10 });

function renderDashboard(api: Record<string, unknown>) {
  return renderPage(<AdminDashboardPage />, { route: '/admin', path: '/admin', session: 'superAdmin', api: api as never });
}

test('shows the counts with their links, the latest audited actions and no maintenance', async () => {
  const page = renderDashboard({
    'GET /admin/overview': { shops: 12, suspendedShops: 1, ordersToday: 5 },
    'GET /admin/maintenance': null,
    'GET /admin/audit': page1([AUDIT]),
  });
  expect(await screen.findByText('12')).toBeInTheDocument();
  expect(screen.getByText('5')).toBeInTheDocument();
  expect(screen.getByText("Commandes aujourd'hui")).toBeInTheDocument();
  const links = screen.getAllByRole('link', { name: 'Voir tout' }).map((a) => a.getAttribute('href'));
  expect(links[0]).toBe('/admin/shops');
  expect(links[1]).toMatch(/^\/admin\/orders\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
  expect(links[2]).toBe('/admin/shops?suspended=true');
  expect(await screen.findByText('Adèle Administratrice a suspendu la boutique n° 2 (Impayés répétés)')).toBeInTheDocument();
  expect(await screen.findByText('Aucune maintenance programmée')).toBeInTheDocument();
  expect(page.api.callsTo('GET /admin/audit')[0].query).toEqual({ page: '1', pageSize: '10', sort: '-at' });
});

test('schedules a maintenance: checks the fields, sends ISO dates, shows a field error of the api', async () => {
  let current: AdminMaintenance | null = null;
  let answerError = true;
  const page = renderDashboard({
    'GET /admin/overview': { shops: 1, suspendedShops: 0, ordersToday: 0 },
    'GET /admin/maintenance': () => current,
    'GET /admin/audit': page1([]),
    'PUT /admin/maintenance': (req: ApiRequest) => {
      if (answerError) {
        answerError = false;
        return reply(400, { success: false, message: 'La date de fin est déjà passée', field: 'endDate' });
      }
      const b = req.body as { mode: 'banner' | 'page'; message: string; startDate: string; endDate: string };
      current = { id: 1, ...b, active: false };
      return { success: true, message: 'La maintenance a été enregistrée', maintenance: current };
    },
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Programmer une maintenance' }));
  const message = screen.getByRole('textbox', { name: 'Message' });
  // an empty message is said under its field, nothing is sent
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
  expect(await screen.findByText('Ce champ ne peut pas être vide')).toBeInTheDocument();
  expect(message).toHaveAttribute('aria-invalid', 'true');
  expect(page.api.callsTo('PUT /admin/maintenance')).toHaveLength(0);

  await userEvent.type(message, 'Mise à jour ce soir');
  await userEvent.click(screen.getByRole('radio', { name: 'Page entière' }));
  fireEvent.change(screen.getByLabelText(/^Début/), { target: { value: '2099-06-01T22:00' } });
  fireEvent.change(screen.getByLabelText(/^Fin/), { target: { value: '2099-06-01T21:00' } });
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
  expect(await screen.findByText('La date de fin doit être après la date de début')).toBeInTheDocument();
  expect(page.api.callsTo('PUT /admin/maintenance')).toHaveLength(0);

  fireEvent.change(screen.getByLabelText(/^Fin/), { target: { value: '2099-06-02T02:00' } });
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
  expect(await screen.findByText('La date de fin est déjà passée')).toBeInTheDocument(); // the api's refusal, under Fin
  expect(screen.getByLabelText(/^Fin/)).toHaveAttribute('aria-invalid', 'true');

  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
  await waitFor(() => expect(page.api.callsTo('PUT /admin/maintenance')).toHaveLength(2));
  expect(page.api.callsTo('PUT /admin/maintenance')[1].body).toEqual({
    mode: 'page',
    message: 'Mise à jour ce soir',
    startDate: new Date('2099-06-01T22:00').toISOString(),
    endDate: new Date('2099-06-02T02:00').toISOString(),
  });
  await waitFor(() => expect(page.snackbars()).toContainEqual({ text: 'La maintenance a été enregistrée', error: false }));
  expect(await screen.findByText('Programmée')).toBeInTheDocument();
  expect(screen.getByText('Mise à jour ce soir')).toBeInTheDocument();
  expect(toLocalInput(current!.startDate)).toBe('2099-06-01T22:00');
});

test('ends the running maintenance after a confirmation', async () => {
  let current: AdminMaintenance | null = {
    id: 4,
    mode: 'banner',
    message: 'Lenteurs possibles',
    startDate: '2026-05-01T10:00:00Z',
    endDate: '2099-05-01T12:00:00Z',
    active: true,
  };
  const page = renderDashboard({
    'GET /admin/overview': { shops: 1, suspendedShops: 0, ordersToday: 0 },
    'GET /admin/maintenance': () => current,
    'GET /admin/audit': page1([]),
    'DELETE /admin/maintenance': () => {
      current = null;
      return { success: true, message: 'La maintenance a été arrêtée', maintenance: null };
    },
  });
  expect(await screen.findByText('Lenteurs possibles')).toBeInTheDocument();
  expect(screen.getByText('En cours')).toBeInTheDocument();
  expect(screen.getByText('Bandeau')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Arrêter maintenant' }));
  const dialog = await screen.findByRole('dialog');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Arrêter maintenant' }));
  await waitFor(() => expect(page.api.callsTo('DELETE /admin/maintenance')).toHaveLength(1));
  expect(await screen.findByText('Aucune maintenance programmée')).toBeInTheDocument();
});
