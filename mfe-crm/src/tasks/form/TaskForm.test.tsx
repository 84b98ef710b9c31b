import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OWNER, renderPage, reply } from 'shared-kernel/testing';
import { MESSAGES } from 'shared-kernel/validation';
import { TaskForm } from './TaskForm';

const team = [
  { id: OWNER.id, name: 'Olivier Propriétaire', kind: 'owner' },
  { id: 6, name: 'Antoine Agent', kind: 'agent' },
];

describe('task form (drawer of /dashboard/tasks)', () => {
  it('shows the §5 message for an empty title and sends nothing', async () => {
    const page = renderPage(<TaskForm onDone={() => {}} />, {
      route: '/dashboard/tasks',
      session: 'owner',
      api: { 'GET /tasks/assignees': team },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.getByLabelText(/^Titre/)).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText(/^Titre/)).toHaveAccessibleDescription(MESSAGES.needed);
    expect(page.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('posts the task for the signed-in user by default, with the prefilled client, and shows an api field error', async () => {
    let attempt = 0;
    const done = jest.fn();
    const page = renderPage(<TaskForm prefill={{ clientId: 12, clientName: 'Cave Martin' }} onDone={done} />, {
      route: '/dashboard/tasks?clientId=12',
      session: 'owner',
      api: {
        'GET /tasks/assignees': team,
        'POST /tasks': () =>
          ++attempt === 1
            ? reply(400, { success: false, message: "Cette personne n'est pas membre de la boutique", field: 'assigneeUserId' })
            : [201, { id: 3, message: 'Tâche créée' }],
      },
    });
    await screen.findByText('Cave Martin');
    await userEvent.type(screen.getByLabelText(/^Titre/), 'Rappeler pour Noël');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(page.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(page.calls.find((c) => c.method === 'POST')!.body).toEqual({
      title: 'Rappeler pour Noël',
      description: null,
      clientId: 12,
      priority: 'medium',
      activity: 'other',
      dueAt: null,
      allDay: false,
      assigneeUserId: OWNER.id,
    });
    await waitFor(() =>
      expect(screen.getByLabelText(/^Assignée à/)).toHaveAccessibleDescription("Cette personne n'est pas membre de la boutique"),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(done).toHaveBeenCalled());
  });
});

describe('task form: keyboard and the linked client', () => {
  it('Enter in the date field confirms the typed date and does not save the form', async () => {
    const page = renderPage(<TaskForm onDone={() => {}} />, {
      route: '/dashboard/tasks',
      session: 'owner',
      api: { 'GET /tasks/assignees': team, 'POST /tasks': [201, { id: 3, message: 'Tâche créée' }] },
    });
    await userEvent.type(screen.getByLabelText(/^Titre/), 'Rappeler pour Noël');
    const date = screen.getByLabelText(/^Date/);
    await userEvent.click(date);
    await userEvent.keyboard('24/12/2030{Enter}');
    await waitFor(() => expect(date).toHaveValue('24/12/2030'));
    expect(page.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    // the date typed is the one saved with the button
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(page.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(page.calls.find((c) => c.method === 'POST')!.body).toMatchObject({ dueAt: '2030-12-24', allDay: true });
  });

  it('a client given by its id only shows its name, with a link to its file', async () => {
    const page = renderPage(<TaskForm prefill={{ clientId: 61 }} onDone={() => {}} />, {
      route: '/dashboard/tasks?clientId=61',
      session: 'owner',
      api: {
        'GET /tasks/assignees': team,
        'GET /crm/clients/:id': (req) => ({ id: Number(req.params.id), name: 'Domaine des Tilleuls', company: 'Domaine des Tilleuls' }),
      },
    });
    expect(await screen.findByText('Domaine des Tilleuls')).toBeInTheDocument();
    expect(screen.queryByText('Client n°61')).toBeNull();
    expect(screen.getByRole('link', { name: 'Voir la fiche de Domaine des Tilleuls' })).toHaveAttribute('href', '/dashboard/clients/61');
    expect(page.calls.filter((c) => c.path === '/crm/clients/61')).toHaveLength(1);
  });
});
