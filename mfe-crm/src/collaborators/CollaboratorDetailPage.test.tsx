import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TeamMember } from 'shared-kernel/contracts';
import { IAM, iamWith, renderPage, reply, type SessionOption } from 'shared-kernel/testing';
import CollaboratorDetailPage from './CollaboratorDetailPage';

const member: TeamMember = {
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
};

const open = (session: SessionOption, m: TeamMember = member, put?: () => unknown) =>
  renderPage(<CollaboratorDetailPage />, {
    path: '/dashboard/collaborators/:id',
    route: `/dashboard/collaborators/${m.id}`,
    session,
    api: { 'GET /team/collaborators/:id': m, ...(put ? { 'PUT /team/collaborators/:id/permissions': put } : {}) },
  });

describe('collaborator detail: the permission matrix', () => {
  it('toggles flags and saves them through the api with a success message', async () => {
    const page = open('owner', member, () => ({
      success: true,
      message: 'Droits enregistrés',
      member: { ...member, permissions: ['seeAllOrder', 'seeAllClient'] },
    }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Léa Martin' })).toBeInTheDocument();
    expect(screen.getByText('04/03/2025', { exact: false })).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Enregistrer les droits' });
    expect(save).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Créer des commandes' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Voir tous les clients' }));
    await userEvent.click(save);
    await waitFor(() => expect(page.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const put = page.calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/team/collaborators/31/permissions');
    expect(put.body).toEqual({ permissions: ['seeAllOrder', 'seeAllClient'] });
    await waitFor(() => expect(page.snackbars()).toContainEqual({ text: 'Droits enregistrés', error: false }));
  });

  it('shows the api refusal as an error', async () => {
    const page = open('owner', member, () =>
      reply(403, { success: false, message: 'Vous ne pouvez pas accorder un droit que vous n’avez pas vous-même' }),
    );
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Voir tous les prix' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les droits' }));
    await waitFor(() =>
      expect(page.snackbars()).toContainEqual({ text: 'Vous ne pouvez pas accorder un droit que vous n’avez pas vous-même', error: true }),
    );
  });

  it('an iam reading his own page cannot change his rights; an iam without createCollaborator only reads', async () => {
    open(iamWith({ accessCollaborator: true, createCollaborator: true }), { ...member, id: IAM.id });
    expect(await screen.findByText('Vous ne pouvez pas modifier vos propres droits.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Créer des commandes' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Enregistrer les droits' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Suspendre l’accès' })).toBeNull();
  });

  it('another shop’s or an unknown member shows the not-found page', async () => {
    renderPage(<CollaboratorDetailPage />, {
      path: '/dashboard/collaborators/:id',
      route: '/dashboard/collaborators/999',
      session: 'owner',
      api: { 'GET /team/collaborators/:id': reply(404, { success: false, message: 'Collaborateur introuvable' }) },
    });
    expect(await screen.findByText(/Cette page n'existe pas ou vous n'y avez pas accès/)).toBeInTheDocument();
  });
});
