import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getSession } from 'shared-kernel/runtime';
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

  it('lets an agent of several producers choose the one they work for; the first one until they do', async () => {
    renderPage(<ProducersWidget />, {
      route: '/dashboard',
      session: {
        ...AGENT,
        shops: [
          { id: 1, authorizations: null },
          { id: 2, authorizations: null },
        ],
      },
      api: { 'GET /shops/1': shop(1, 'Domaine de Démo', 'domaine-demo'), 'GET /shops/2': shop(2, 'Brasserie Démo', 'brasserie-demo') },
    });
    const choose = await screen.findByRole('button', { name: 'Travailler pour ce producteur : Brasserie Démo' });
    expect(screen.getAllByText('Producteur actif')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Domaine de Démo/ })).not.toBeInTheDocument();
    await userEvent.click(choose);
    expect(getSession().actingShopId).toBe(2);
    expect(await screen.findByRole('button', { name: 'Travailler pour ce producteur : Domaine de Démo' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Brasserie Démo/ })).not.toBeInTheDocument();
  });
});
