import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import type { AnalyticsObjective, AnalyticsObjectives } from 'shared-kernel/contracts';
import { renderPage, reply } from 'shared-kernel/testing';
import ObjectivesPage from './ObjectivesPage';

const objective: AnalyticsObjective = {
  id: 4,
  userId: 7,
  userName: 'Antoine Agent',
  periodStart: '2026-01-01',
  periodEnd: '2026-03-31',
  targetCents: 1_200_000,
  label: 'T1',
  actualCents: 600_000,
  percent: 50,
};
const objectives: AnalyticsObjectives = {
  items: [objective],
  members: [
    { id: 1, name: 'Olivia Owner', kind: 'owner' },
    { id: 7, name: 'Antoine Agent', kind: 'agent' },
  ],
};
const ROUTE = '/dashboard/analytics/objectives';

describe('/dashboard/analytics/objectives', () => {
  it('a new objective: the member and the target are required, nothing is sent without them; then saved', async () => {
    const page = renderPage(<ObjectivesPage />, {
      route: ROUTE,
      session: 'owner',
      api: {
        'GET /analytics/objectives': objectives,
        'POST /analytics/objectives': (req) => ({ ...objective, id: 5, ...(req.body as object) }),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Nouvel objectif' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    const member = within(dialog).getByRole('combobox', { name: 'Membre' });
    const target = within(dialog).getByRole('spinbutton', { name: 'Objectif (€ HT)' });
    await waitFor(() => expect(member).toHaveAttribute('aria-invalid', 'true'));
    expect(member).toHaveAccessibleDescription('Ce champ ne peut pas être vide');
    expect(target).toHaveAccessibleDescription('Ce champ ne peut pas être vide');
    expect(page.calls.filter((c) => c.method !== 'GET')).toHaveLength(0);

    await userEvent.click(member);
    await userEvent.click(await screen.findByTitle('Antoine Agent'));
    await userEvent.type(target, '1500,5');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Libellé' }), 'Salon');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(page.snackbars()).toContainEqual({ text: 'Objectif enregistré', error: false }));
    // the period offered for a new objective: the current month
    expect(page.calls.find((c) => c.method === 'POST')?.body).toEqual({
      userId: 7,
      periodStart: dayjs().startOf('month').format('YYYY-MM-DD'),
      periodEnd: dayjs().endOf('month').format('YYYY-MM-DD'),
      targetCents: 150_050,
      label: 'Salon',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('an edited objective keeps its values; the api’s message on the period shows under the period field', async () => {
    const page = renderPage(<ObjectivesPage />, {
      route: ROUTE,
      session: 'owner',
      api: {
        'GET /analytics/objectives': objectives,
        'PUT /analytics/objectives/:id': reply(400, { success: false, message: 'La période ne peut pas dépasser 5 ans', field: 'to' }),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Modifier' }));
    const dialog = await screen.findByRole('dialog');
    const period = within(dialog).getByRole('textbox', { name: 'Début – Fin' });
    expect(period).toHaveValue('01/01/2026');
    expect(within(dialog).getByRole('spinbutton', { name: 'Objectif (€ HT)' })).toHaveValue('12000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(period).toHaveAttribute('aria-invalid', 'true'));
    expect(period).toHaveAccessibleDescription('La période ne peut pas dépasser 5 ans');
    expect(page.snackbars()).toEqual([]);
    expect(page.calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/analytics/objectives/4',
      body: { userId: 7, periodStart: '2026-01-01', periodEnd: '2026-03-31', targetCents: 1_200_000, label: 'T1' },
    });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
