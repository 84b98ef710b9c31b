import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage, reply } from 'shared-kernel/testing';
import { MESSAGES } from 'shared-kernel/validation';
import { CrdColorForm } from './CrdColorForm';

const created = {
  id: 9,
  name: 'Capsule verte AOP',
  color: 'vert',
  type: 'capsule',
  isCRD: true,
  stock: 500,
  archived: false,
  createdAt: '2025-01-01T00:00:00Z',
};

describe('CRD colour form', () => {
  it('shows the §5 message for an empty name and sends nothing', async () => {
    const page = renderPage(<CrdColorForm onDone={() => undefined} />, { route: '/dashboard/stocks/crdColors', session: 'owner', api: {} });
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.getByLabelText(/^Nom/)).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText(/^Nom/)).toHaveAccessibleDescription(MESSAGES.needed);
    expect(page.calls).toHaveLength(0);
  });

  it('posts the colour with its initial stock and puts an api field error under its field', async () => {
    let attempt = 0;
    const done = jest.fn();
    const page = renderPage(<CrdColorForm onDone={done} />, {
      route: '/dashboard/stocks/crdColors',
      session: 'owner',
      api: {
        'POST /excise/crd-colors': () =>
          ++attempt === 1 ? reply(400, { success: false, message: MESSAGES.needed, field: 'name' }) : [201, { ...created, message: 'ok' }],
      },
    });
    await userEvent.type(screen.getByLabelText(/^Nom/), 'Capsule verte AOP');
    await userEvent.click(screen.getByLabelText(/^Couleur/));
    await userEvent.click(await screen.findByTitle('vert'));
    await userEvent.type(screen.getByLabelText(/^Capsules en stock/), '500');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(page.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(page.calls[0].body).toEqual({
      name: 'Capsule verte AOP',
      color: 'vert',
      type: 'capsule',
      isCRD: true,
      archived: false,
      initialStock: 500,
    });
    await waitFor(() => expect(screen.getByLabelText(/^Nom/)).toHaveAccessibleDescription(MESSAGES.needed));
    expect(done).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(done).toHaveBeenCalled());
  });
});
