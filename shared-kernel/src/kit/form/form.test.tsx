/** @jest-environment jsdom */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { Link, useNavigate } from 'shared-kernel/router';
import { api, ApiError } from 'shared-kernel/runtime';
import { MESSAGES, schemas } from 'shared-kernel/validation';
import { renderPage, reply } from '../../testing';
import { FormField } from './FormField';
import { applyServerErrors, toFieldPath } from './server-errors';
import { useUnsavedChangesGuard } from './unsaved-changes';
import { useZodForm } from './use-zod-form';
import { SubmitButton, ZodForm } from './ZodForm';

const clientSchema = z.object({
  name: schemas.needed,
  email: schemas.email,
  phone: schemas.telephone,
  siret: schemas.siret,
  address: z.object({ city: schemas.needed }),
  vat: schemas.tva,
  newsletter: z.boolean(),
});
type ClientInput = z.input<typeof clientSchema>;
const EMPTY: ClientInput = { name: '', email: '', phone: '', siret: '', address: { city: '' }, vat: 20, newsletter: false };

function ClientForm({ onSubmit, initial = EMPTY }: { onSubmit: (v: z.output<typeof clientSchema>) => unknown; initial?: ClientInput }) {
  const form = useZodForm(clientSchema, { defaultValues: initial });
  const guard = useUnsavedChangesGuard(form.formState.isDirty);
  const navigate = useNavigate();
  return (
    <ZodForm
      form={form}
      onSubmit={async (values) => {
        await onSubmit(values);
        guard.allowNavigation();
        navigate('/dashboard/clients');
      }}
    >
      <FormField name="name" label="Nom" required help="Nom affiché sur les factures" />
      <FormField name="email" label="Mail" kind="email" required />
      <FormField name="phone" label="Téléphone" kind="tel" required />
      <FormField name="siret" label="SIRET" required />
      <FormField name="address.city" label="Ville" required />
      <FormField name="vat" label="TVA" kind="number" suffix="%" />
      <FormField name="newsletter" label="Lettre d'information" kind="checkbox" />
      <SubmitButton />
      <Link to="/dashboard/clients">Retour</Link>
    </ZodForm>
  );
}

const VALID: ClientInput = {
  name: 'Cave Dupont',
  email: 'cave@dupont.fr',
  phone: '06 12 34 56 78',
  siret: '73282932000074',
  address: { city: 'Lyon' },
  vat: 20,
  newsletter: true,
};

describe('useZodForm + FormField', () => {
  it('shows the exact §5 messages of shared-kernel/validation under the fields, tied with aria-describedby', async () => {
    const onSubmit = jest.fn();
    renderPage(<ClientForm onSubmit={onSubmit} initial={{ ...EMPTY, email: 'pas-un-mail', phone: '0102', siret: '12345678901234' }} />, {
      route: '/dashboard/clients/add',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));

    const email = screen.getByLabelText(/^Mail/);
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription(MESSAGES.email);
    expect(screen.getByLabelText(/^Téléphone/)).toHaveAccessibleDescription(MESSAGES.telephone);
    expect(screen.getByLabelText(/^SIRET/)).toHaveAccessibleDescription(MESSAGES.siret);
    expect(screen.getByLabelText(/^Ville/)).toHaveAccessibleDescription(MESSAGES.needed);
    expect(screen.getByLabelText(/^Nom/)).toHaveAccessibleDescription(`Nom affiché sur les factures ${MESSAGES.needed}`);
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      MESSAGES.needed,
      MESSAGES.email,
      MESSAGES.telephone,
      MESSAGES.siret,
      MESSAGES.needed,
    ]);
    expect(MESSAGES.email).toBe('Le mail est incorrect');
    expect(MESSAGES.telephone).toBe("Ce numéro n'est pas valide");
    expect(MESSAGES.siret).toBe('Le numéro SIRET est invalide');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the schema output once valid, the button disabled and spinning while saving', async () => {
    let finish: () => void = () => {};
    const onSubmit = jest.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    const page = renderPage(<ClientForm onSubmit={onSubmit} initial={VALID} />, { route: '/dashboard/clients/add' });
    const button = screen.getByRole('button', { name: 'Enregistrer' });
    await userEvent.click(button);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ ...VALID, email: 'cave@dupont.fr' }));
    expect(screen.getByRole('button', { name: /Enregistrer/ })).toBeDisabled();
    expect(screen.queryAllByRole('alert')).toEqual([]);
    await act(async () => finish());
    await waitFor(() => expect(page.location().pathname).toBe('/dashboard/clients'));
  });

  it('labels each input and marks the required ones', () => {
    renderPage(<ClientForm onSubmit={jest.fn()} />, { route: '/x' });
    expect(screen.getByLabelText(/^Mail/)).toHaveAttribute('aria-required', 'true');
    expect(screen.getByLabelText(/^TVA/)).not.toHaveAttribute('aria-required');
    expect(screen.getByRole('checkbox', { name: "Lettre d'information" })).not.toBeChecked();
  });

  it('number inputs lose focus on the mouse wheel (§5)', async () => {
    renderPage(<ClientForm onSubmit={jest.fn()} />, { route: '/x' });
    const vat = screen.getByLabelText(/^TVA/);
    vat.focus();
    expect(vat).toHaveFocus();
    fireEvent.wheel(vat);
    expect(vat).not.toHaveFocus();
  });
});

describe('applyServerErrors', () => {
  it('puts the api error on its field (dotted and bracket paths) and returns true', async () => {
    const page = renderPage(<ClientForm onSubmit={() => api.post('/clients', {}, { silent: true })} initial={VALID} />, {
      route: '/dashboard/clients/add',
      api: { 'POST /clients': reply(400, { success: false, message: 'La ville est inconnue', field: 'address[city]' }) },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.getByLabelText(/^Ville/)).toHaveAccessibleDescription('La ville est inconnue'));
    expect(screen.getByLabelText(/^Ville/)).toHaveFocus();
    expect(page.snackbars()).toEqual([]);
    expect(page.location().pathname).toBe('/dashboard/clients/add');
  });

  it('shows an error without a known field as an error snackbar', async () => {
    const page = renderPage(<ClientForm onSubmit={() => api.post('/clients', {}, { silent: true })} initial={VALID} />, {
      route: '/dashboard/clients/add',
      api: { 'POST /clients': reply(409, { success: false, message: 'Ce client existe déjà', field: 'captcha' }) },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(page.snackbars()).toEqual([{ text: 'Ce client existe déjà', error: true }]));
    expect(screen.queryAllByRole('alert')).toEqual([]);
  });

  it('returns false for anything that is not a field error', () => {
    const form = { setError: jest.fn(), getValues: () => ({ email: '', address: { city: '' } }) };
    expect(applyServerErrors(form as never, new Error('boom'))).toBe(false);
    expect(applyServerErrors(form as never, new ApiError(500, 'Erreur'))).toBe(false);
    expect(applyServerErrors(form as never, new ApiError(400, 'Inconnu', 'nope'))).toBe(false);
    expect(applyServerErrors(form as never, new ApiError(400, 'Le mail est incorrect', 'email'))).toBe(true);
    expect(applyServerErrors(form as never, new ApiError(400, 'x', 'siret'), { fields: { siret: 'email' } as never })).toBe(true);
    expect(form.setError).toHaveBeenCalledWith('email', { type: 'server', message: 'Le mail est incorrect' }, { shouldFocus: true });
    expect(form.setError).toHaveBeenCalledTimes(2);
    expect(toFieldPath('lines[2].quantity')).toBe('lines.2.quantity');
  });
});

describe('useUnsavedChangesGuard', () => {
  const TEXT = 'Vous avez des modifications non enregistrées. Quitter sans enregistrer ?';

  it('asks before leaving a dirty form; staying keeps the page, leaving goes on', async () => {
    const page = renderPage(<ClientForm onSubmit={jest.fn()} />, {
      route: '/dashboard/clients/add',
      routes: { '/dashboard/clients': <p>liste</p> },
    });
    await userEvent.type(screen.getByLabelText(/^Nom/), 'Cave');
    await userEvent.click(screen.getByRole('link', { name: 'Retour' }));
    expect(await screen.findByText(TEXT)).toBeInTheDocument();
    expect(page.location().pathname).toBe('/dashboard/clients/add');

    await userEvent.click(screen.getByRole('button', { name: 'Rester' }));
    await waitFor(() => expect(screen.queryByText(TEXT)).not.toBeInTheDocument());
    expect(page.location().pathname).toBe('/dashboard/clients/add');
    expect(screen.getByLabelText(/^Nom/)).toHaveValue('Cave');

    await userEvent.click(screen.getByRole('link', { name: 'Retour' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Quitter sans enregistrer' }));
    expect(await screen.findByText('liste')).toBeInTheDocument();
  });

  it('lets a clean form go, and blocks the back button of a dirty one', async () => {
    const page = renderPage(<ClientForm onSubmit={jest.fn()} />, {
      route: '/dashboard/clients/add',
      routes: { '/dashboard/clients': <p>liste</p> },
    });
    await page.navigate('/dashboard/clients/add?step=2');
    await userEvent.type(screen.getByLabelText(/^Nom/), 'C');
    await page.back();
    expect(await screen.findByText(TEXT)).toBeInTheDocument();
    expect(page.location().search).toBe('?step=2');
  });

  it('asks the browser before closing the tab while dirty', async () => {
    renderPage(<ClientForm onSubmit={jest.fn()} />, { route: '/x' });
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    await userEvent.type(screen.getByLabelText(/^Nom/), 'C');
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });
});
