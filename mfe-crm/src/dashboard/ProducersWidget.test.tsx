import { screen } from '@testing-library/react';
import { AGENT, renderPage, reply } from 'shared-kernel/testing';
import ProducersWidget from './ProducersWidget';

const shop = (id: number, name: string, urlShop: string) => ({ id, code: `C${id}`, name, urlShop, businessType: 'wine', editedShop: null });

describe("the agent's 'Mes producteurs' widget", () => {
  it('lists the shops the agent represents, each linking to its shop page', async () => {
    renderPage(<ProducersWidget />, {
      route: '/dashboard',
      session: {
        ...AGENT,
        shops: [
          { id: 1, authorizations: null },
          { id: 3, authorizations: null },
        ],
      },
      api: {
        'GET /shops/1': shop(1, 'Domaine de Démo', 'domaine-demo'),
        'GET /shops/3': reply(404, { success: false, message: 'Boutique introuvable' }),
      },
    });
    expect(await screen.findByRole('link', { name: 'Domaine de Démo' })).toHaveAttribute('href', '/domaine-demo');
    expect(await screen.findByText('Boutique indisponible')).toBeInTheDocument();
  });

  it('says so when the agent represents nobody yet, with a way to find producers', async () => {
    renderPage(<ProducersWidget />, { route: '/dashboard', session: { ...AGENT, shops: [] }, api: {} });
    expect(screen.getByText('Vous ne représentez encore aucun producteur.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Trouver des producteurs' })).toHaveAttribute('href', '/shops');
  });
});
