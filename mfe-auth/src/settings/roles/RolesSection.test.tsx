import { screen } from '@testing-library/react';
import type { TeamMember } from 'shared-kernel/contracts';
import { paginatedOf, renderPage, reply } from 'shared-kernel/testing';
import { RolesSection } from './RolesSection';

const member = (over: Partial<TeamMember>): TeamMember => ({
  id: 31,
  kind: 'iam',
  name: 'Léa Martin',
  firstname: 'Léa',
  lastname: 'Martin',
  email: 'lea@domaine.fr',
  phone: null,
  status: 'active',
  since: '2025-03-04T10:00:00.000Z',
  suspendedAt: null,
  permissions: ['seeAllOrder', 'createOrder'],
  preset: 'custom',
  invitation: null,
  ...over,
});

describe('settings › roles', () => {
  it('lists each collaborator with their preset, rights per area and a link to their page', async () => {
    renderPage(<RolesSection />, {
      route: '/dashboard/settings?link=roles',
      session: 'owner',
      api: {
        'GET /team/collaborators': (req) =>
          paginatedOf(
            [
              member({}),
              member({ id: 32, name: 'Paul Caisse', email: 'paul@d.fr', preset: 'administrateur', permissions: ['createOrderSalesPoint'] }),
            ],
            req.query,
          ),
      },
    });
    const link = await screen.findByRole('link', { name: 'Léa Martin' });
    expect(link).toHaveAttribute('href', '/dashboard/collaborators/31');
    expect(screen.getByText('Personnalisé')).toBeInTheDocument();
    expect(screen.getAllByText('Administrateur').length).toBeGreaterThan(0);
    expect(screen.getByText('Ventes 2/9')).toBeInTheDocument();
    expect(screen.getByText('Caisse 1/1')).toBeInTheDocument();
    // what each preset grants
    expect(screen.getByText('Rôles prédéfinis')).toBeInTheDocument();
    expect(screen.getAllByText('Logistique').length).toBeGreaterThan(0);
  });

  it('shows the api error with a retry', async () => {
    renderPage(<RolesSection />, {
      session: 'owner',
      api: { 'GET /team/collaborators': reply(403, { success: false, message: 'Accès refusé' }) },
    });
    expect(await screen.findByText('Accès refusé')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });
});
