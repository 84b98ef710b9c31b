import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureApi, resetApiConfig } from 'shared-kernel/runtime';
import AdminUsersPage from './AdminUsersPage';
import { initI18n } from 'shared-kernel/i18n';

const json = (status: number, body: unknown) =>
  ({ status, ok: status < 400, text: async () => JSON.stringify(body) }) as unknown as Response;
beforeAll(() => { initI18n({ lng: 'fr' }); });
afterEach(() => resetApiConfig());

test('searches accounts and shows the empty state', async () => {
  const urls: string[] = [];
  configureApi({
    fetch: async (url) => {
      urls.push(url);
      return url.includes('search=zzz')
        ? json(200, { items: [], total: 0 })
        : json(200, { items: [{ id: 6, username: 'Béatrice Acheteuse', email: 'buyer@demo.test', role: 'buyer', disabled: false, createdAt: '2026-01-01T00:00:00Z', emailValidated: true }], total: 1 });
    },
  });
  render(<AdminUsersPage />);
  expect(await screen.findByText('buyer@demo.test')).toBeInTheDocument();
  expect(screen.getByText('Actif')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Désactiver' })).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText('Rechercher un utilisateur'), 'zzz{Enter}');
  expect(await screen.findByText('Aucun utilisateur ne correspond')).toBeInTheDocument();
  expect(urls.at(-1)).toContain('/v1/admin/users?search=zzz&limit=20&offset=0');
});
