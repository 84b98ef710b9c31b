import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { User } from 'shared-kernel/contracts';
import { initI18n } from 'shared-kernel/i18n';
import { useSession } from 'shared-kernel/runtime';
import LandingPage from './LandingPage';

const fetchShops = jest.fn();
jest.mock('./data', () => ({ ...jest.requireActual('./data'), fetchShops: (...args: unknown[]) => fetchShops(...args) }));

const shop = (id: number, name: string, urlShop: string) => ({ id, code: `C${id}`, name, urlShop, businessType: 'wine', editedShop: null });

function renderAt(user: Partial<User> | null) {
  useSession.setState({ user: user as User | null, jwt: user ? 'jwt' : null, masterAccount: null, shop: null } as never);
  return render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="/" element={<LandingPage />} />
        <Route path="/dashboard" element={<p>Page dashboard</p>} />
        <Route path="/admin" element={<p>Page admin</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeAll(() => initI18n({ lng: 'fr' }));
beforeEach(() => fetchShops.mockReset());

describe("'/' landing page", () => {
  it('tells an anonymous visitor what the product is, lists producers and offers sign-in and sign-up', async () => {
    fetchShops.mockResolvedValue([shop(1, 'Domaine de Démo', 'domaine-demo'), shop(2, 'Brasserie Démo', 'brasserie-demo')]);
    renderAt(null);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('producteurs');
    expect(screen.getByRole('link', { name: 'Découvrir les producteurs' })).toHaveAttribute('href', '/shops');
    expect(screen.getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/auth/login');
    expect(screen.getAllByRole('link', { name: 'Créer un compte' })[0]).toHaveAttribute('href', '/auth/register');
    expect(await screen.findByRole('link', { name: /Domaine de Démo/ })).toHaveAttribute('href', '/domaine-demo');
    expect(screen.getByRole('link', { name: /Brasserie Démo/ })).toHaveAttribute('href', '/brasserie-demo');
  });

  it('still shows the landing when the shop list cannot be loaded', async () => {
    fetchShops.mockRejectedValue(new Error('down'));
    renderAt(null);
    expect(screen.getByRole('link', { name: 'Découvrir les producteurs' })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.queryByRole('heading', { name: 'Quelques producteurs' })).toBeNull();
  });

  it('sends a signed-in user to their dashboard, a superAdmin to the admin', () => {
    renderAt({ id: 2, role: 'owner' });
    expect(screen.getByText('Page dashboard')).toBeInTheDocument();
  });

  it('sends a superAdmin to the admin', () => {
    renderAt({ id: 1, role: 'superAdmin' });
    expect(screen.getByText('Page admin')).toBeInTheDocument();
  });
});
