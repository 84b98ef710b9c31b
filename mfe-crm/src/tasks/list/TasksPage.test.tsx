import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Task } from 'shared-kernel/contracts';
import { paginatedOf, renderPage } from 'shared-kernel/testing';
import TasksPage from './TasksPage';

const task = (over: Partial<Task>): Task => ({
  id: 1,
  title: 'Rappeler Cave Martin',
  description: null,
  clientId: 12,
  clientName: 'Cave Martin',
  priority: 'high',
  activity: 'phone',
  dueAt: '2020-01-02T09:00:00.000Z',
  allDay: false,
  durationMinutes: null,
  assignee: { id: 2, name: 'Olivier Propriétaire' },
  createdBy: { id: 2, name: 'Olivier Propriétaire' },
  done: false,
  doneAt: null,
  overdue: true,
  createdAt: '2020-01-01T09:00:00.000Z',
  updatedAt: '2020-01-01T09:00:00.000Z',
  ...over,
});
const rows = [task({}), task({ id: 2, title: 'Préparer le salon', clientId: null, clientName: null, dueAt: null, overdue: false })];

describe('/dashboard/tasks', () => {
  it('lists the tasks (overdue in red) and marks one done from its checkbox', async () => {
    const page = renderPage(<TasksPage />, {
      route: '/dashboard/tasks?pageSize=10',
      session: 'owner',
      api: {
        'GET /tasks': (req) => paginatedOf(rows, req.query),
        'GET /tasks/assignees': [],
        'POST /tasks/:id/done': (req) => ({ ...task({ id: Number(req.params.id) }), done: true, message: 'Tâche terminée' }),
      },
    });
    const table = await screen.findByRole('table', { name: 'Liste des tâches' });
    expect(within(table).getByText(/02\/01\/2020 .* En retard/)).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Marquer « Rappeler Cave Martin » comme terminée' }));
    await waitFor(() => expect(page.calls.some((c) => c.method === 'POST' && c.path === '/tasks/1/done')).toBe(true));
  });

  it('shows the board columns, the view kept in the URL', async () => {
    const page = renderPage(<TasksPage />, {
      route: '/dashboard/tasks',
      session: 'owner',
      api: { 'GET /tasks': (req) => paginatedOf(rows, req.query), 'GET /tasks/assignees': [] },
    });
    await userEvent.click(await screen.findByText('Tableau'));
    expect(page.location().search).toBe('?view=board');
    const late = await screen.findByRole('region', { name: 'En retard' });
    expect(within(late).getByText('Rappeler Cave Martin')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Sans échéance' })).getByText('Préparer le salon')).toBeInTheDocument();
    expect(page.calls.at(-1)!.query).toMatchObject({ page: '1', pageSize: '100' });
  });
});
