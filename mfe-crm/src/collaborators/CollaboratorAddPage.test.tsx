import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PRESET_DEFINITIONS } from 'shared-kernel/contracts';
import { renderPage, reply } from 'shared-kernel/testing';
import { MESSAGES } from 'shared-kernel/validation';
import CollaboratorAddPage from './CollaboratorAddPage';

describe('invite a collaborator (/dashboard/collaborators/add)', () => {
  it('shows the §5 email message on the field and sends nothing', async () => {
    const page = renderPage(<CollaboratorAddPage />, { route: '/dashboard/collaborators/add', session: 'owner' });
    await userEvent.type(await screen.findByLabelText(/^Mail/), 'jean@domaine');
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer l’invitation' }));
    await waitFor(() => expect(screen.getByLabelText(/^Mail/)).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText(/^Mail/)).toHaveAccessibleDescription(MESSAGES.email);
    expect(page.calls).toHaveLength(0);
  });

  it('posts the email with the chosen preset adjusted by a toggle; an api field error lands under the field', async () => {
    let attempt = 0;
    const page = renderPage(<CollaboratorAddPage />, {
      route: '/dashboard/collaborators/add',
      session: 'owner',
      routes: { '/dashboard/collaborators/:id': <p>fiche</p> },
      api: {
        'POST /team/collaborators': () =>
          ++attempt === 1
            ? reply(409, { success: false, message: 'Cette personne fait déjà partie de l’équipe de la boutique', field: 'email' })
            : [201, { success: true, message: 'Invitation envoyée', member: { id: 12 } }],
      },
    });
    await userEvent.type(await screen.findByLabelText(/^Mail/), 'lea@domaine.fr');
    await userEvent.click(screen.getByRole('button', { name: 'Logistique' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Voir tous les prix' }));
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer l’invitation' }));
    expect(await screen.findByText('Cette personne fait déjà partie de l’équipe de la boutique')).toBeInTheDocument();
    const body = page.calls[0].body as { email: string; permissions: string[] };
    expect(body.email).toBe('lea@domaine.fr');
    expect([...body.permissions].sort()).toEqual([...PRESET_DEFINITIONS.logistique.flags, 'seeAllPrice'].sort());
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer l’invitation' }));
    expect(await screen.findByText('fiche')).toBeInTheDocument();
    expect(page.snackbars()).toContainEqual({ text: 'Invitation envoyée', error: false });
  });
});
