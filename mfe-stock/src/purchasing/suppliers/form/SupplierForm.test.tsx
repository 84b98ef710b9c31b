import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage, reply } from 'shared-kernel/testing';
import { MESSAGES } from 'shared-kernel/validation';
import SupplierAddPage from './SupplierAddPage';

const saved = { id: 7, company: 'Bouchons Dupont', message: 'Fournisseur créé' };

describe('supplier form (/dashboard/suppliers/add)', () => {
  it('shows the §5 messages for SIRET, mail and phone, and sends nothing', async () => {
    const page = renderPage(<SupplierAddPage />, { route: '/dashboard/suppliers/add', session: 'owner', api: {} });
    await userEvent.type(screen.getByLabelText(/^Société/), 'Bouchons Dupont');
    await userEvent.type(screen.getByLabelText(/^SIRET/), '73282932000075');
    await userEvent.type(screen.getByLabelText(/^Mail/), 'ventes@');
    await userEvent.type(screen.getByLabelText(/^Téléphone/), '01 42 68 53 00');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(screen.getByLabelText(/^SIRET/)).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText(/^SIRET/)).toHaveAccessibleDescription(`14 chiffres ${MESSAGES.siret}`);
    expect(screen.getByLabelText(/^Mail/)).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.email));
    expect(screen.getByLabelText(/^Téléphone/)).toHaveAccessibleDescription(MESSAGES.telephone);
    expect(page.calls).toHaveLength(0);
  });

  it('posts the supplier with its contacts, and puts an api field error under its field', async () => {
    let attempt = 0;
    const page = renderPage(<SupplierAddPage />, {
      route: '/dashboard/suppliers/add',
      session: 'owner',
      api: {
        'POST /suppliers': () =>
          ++attempt === 1 ? reply(400, { success: false, message: MESSAGES.siret, field: 'contacts.0.phone' }) : [201, saved],
        'GET /suppliers/7': { ...saved, contacts: [], address: {}, purchases: { count: 0, totalHTCents: 0, openHTCents: 0, recent: [] } },
      },
    });
    await userEvent.type(screen.getByLabelText(/^Société/), 'Bouchons Dupont');
    await userEvent.type(screen.getByLabelText(/^SIRET/), '732 829 320 00074');
    await userEvent.type(screen.getByLabelText(/^Mail/), 'ventes@dupont.test');
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter un contact' }));
    await userEvent.type(screen.getByLabelText(/^Nom/), 'Jean Dupont');
    await userEvent.type(screen.getAllByLabelText(/^Téléphone/)[1], '06 12 34 56 78');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(page.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(page.calls[0].body).toMatchObject({
      company: 'Bouchons Dupont',
      siret: '732 829 320 00074',
      email: 'ventes@dupont.test',
      paymentDelay: null,
      status: 'active',
      contacts: [{ name: 'Jean Dupont', role: '', email: '', phone: '06 12 34 56 78' }],
    });
    await waitFor(() => expect(screen.getAllByLabelText(/^Téléphone/)[1]).toHaveAccessibleDescription(MESSAGES.siret));

    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(page.location().pathname).toBe('/dashboard/suppliers/7'));
  });
});
