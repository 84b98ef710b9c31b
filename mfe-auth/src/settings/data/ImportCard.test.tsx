import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paginatedOf, renderPage } from 'shared-kernel/testing';
import type { ShopImport, ShopImportPreview } from './data.queries';
import { ImportCard } from './ImportCard';

const base: ShopImport = {
  id: 7,
  entity: 'clients',
  integration: 'isagri',
  fileName: 'clients.csv',
  status: 'pending',
  total: 3,
  processed: 0,
  created: 0,
  updated: 0,
  skipped: 0,
  errors: [],
  errorCount: 0,
  revertible: false,
  createdBy: 'Olivier Propriétaire',
  createdAt: '2026-03-02T09:30:00Z',
  finishedAt: null,
  revertedAt: null,
};
const lineError = { row: 4, field: 'Email', message: 'Ligne 4, colonne « Email » : Le mail est incorrect' };
const preview: ShopImportPreview = {
  dryRun: true,
  entity: 'clients',
  integration: 'isagri',
  fileName: 'clients.csv',
  columns: [
    { header: 'Raison sociale', field: 'company' },
    { header: 'E-mail', field: 'email' },
    { header: 'Fax', field: null },
  ],
  counts: { total: 4, create: 2, update: 1, unchanged: 0, error: 1 },
  preview: [
    { row: 2, action: 'create', label: 'Bistrot du Port', details: 'bistrot@port.test · Professionnel' },
    { row: 3, action: 'update', label: 'Paul Martin (CL00012)', details: 'paul@martin.test' },
    { row: 5, action: 'create', label: 'Lucie Durand', details: '' },
  ],
  errors: [lineError],
  errorCount: 1,
};

/** The raw-body upload (not through the api client): answered here, by dryRun. */
function fakeUpload(answers: { preview: { status: number; body: unknown }; start?: { status: number; body: unknown } }) {
  const fetchMock = jest.fn(async (url: string) => {
    const dry = new URL(url, 'http://test.local').searchParams.get('dryRun') === 'true';
    const a = dry ? answers.preview : answers.start!;
    return { ok: a.status < 400, status: a.status, json: async () => a.body };
  });
  (globalThis as { fetch?: unknown }).fetch = fetchMock;
  return fetchMock;
}
afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});
const fileInput = (container: HTMLElement) => container.querySelector('input[type="file"]') as HTMLInputElement;
/** An antd button-style radio: its input takes no pointer event, its label does. */
const pick = (name: string) => userEvent.click(screen.getByRole('radio', { name }).closest('label')!);
const urlOf = (mock: jest.Mock, i: number) => new URL((mock.mock.calls[i] as unknown as [string])[0], 'http://test.local');

describe('ImportCard', () => {
  it('dry run (rows as they will be imported, row errors, counts) → Importer → progress → done → Annuler l’import', async () => {
    const fetchMock = fakeUpload({
      preview: { status: 200, body: preview },
      start: { status: 201, body: { ...base, message: 'L’import a commencé' } },
    });
    let current: ShopImport = { ...base, status: 'processing', processed: 1 };
    const page = renderPage(<ImportCard />, {
      session: 'owner',
      api: {
        'GET /shop-data/imports': (req) => paginatedOf([current], req.query),
        'GET /shop-data/imports/:id': () => current,
        'POST /shop-data/imports/:id/revert': () => ({
          ...current,
          status: 'reverted',
          revertible: false,
          message: 'Import annulé : 2 éléments supprimés, 0 archivé (utilisé depuis), 1 restauré',
        }),
      },
    });

    await pick('Clients');
    expect(screen.getByRole('radio', { name: 'Clients' })).toBeChecked();
    await userEvent.click(screen.getByRole('combobox', { name: 'Logiciel d’origine' }));
    await userEvent.click(await screen.findByTitle('Isagri'));
    await userEvent.upload(fileInput(page.container), new File(['Raison sociale;E-mail\n'], 'clients.csv', { type: 'text/csv' }));

    // the dry run: raw body, what and from where in the query
    await screen.findByText('clients.csv : 4 lignes lues');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const dry = urlOf(fetchMock, 0);
    expect(dry.pathname).toBe('/v1/shop-data/imports');
    expect(Object.fromEntries(dry.searchParams)).toEqual({
      entity: 'clients',
      integration: 'isagri',
      fileName: 'clients.csv',
      dryRun: 'true',
    });
    expect((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body).toBeInstanceOf(File);
    expect(screen.getByText('À créer : 2')).toBeInTheDocument();
    expect(screen.getByText('À mettre à jour : 1')).toBeInTheDocument();
    expect(screen.getByText('Lignes en erreur : 1')).toBeInTheDocument();
    expect(screen.getByText('Paul Martin (CL00012)')).toBeInTheDocument();
    expect(screen.getByText('Colonnes ignorées : Fax')).toBeInTheDocument();
    expect(screen.getByText('1 erreur : ces lignes ne seront pas importées')).toBeInTheDocument();
    expect(screen.getByText(lineError.message)).toBeInTheDocument();

    // the real run, then its progress
    await userEvent.click(screen.getByRole('button', { name: 'Importer' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(urlOf(fetchMock, 1).searchParams.get('dryRun')).toBe('false');
    // in the progress and in the history
    expect(await screen.findAllByText('1 / 3 éléments traités')).toHaveLength(2);
    expect(screen.getByRole('progressbar', { name: 'Import en cours…' })).toBeInTheDocument();

    current = {
      ...current,
      status: 'completed',
      processed: 3,
      created: 2,
      updated: 1,
      errors: [lineError],
      errorCount: 1,
      revertible: true,
    };
    await act(() => page.client.refetchQueries({ queryKey: ['auth', 'shop-imports'] }));
    expect(await screen.findByText('Import terminé')).toBeInTheDocument();
    expect(screen.getAllByText('2 créés, 1 mis à jour, 0 ignoré, 1 erreur').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Terminé').length).toBeGreaterThan(0);

    // undo, after confirmation
    await userEvent.click(screen.getAllByRole('button', { name: 'Annuler l’import' })[0]);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Annuler cet import ?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler l’import' }));
    await waitFor(() => expect(page.api.callsTo('POST /shop-data/imports/:id/revert')).toHaveLength(1));
    expect(page.api.callsTo('POST /shop-data/imports/:id/revert')[0].path).toBe('/shop-data/imports/7/revert');
    await waitFor(() =>
      expect(page.snackbars()).toContainEqual({
        text: 'Import annulé : 2 éléments supprimés, 0 archivé (utilisé depuis), 1 restauré',
        error: false,
      }),
    );
  });

  it('refuses a file that is not CSV/XLSX without sending it; shows the api’s refusal naming the column', async () => {
    const fetchMock = fakeUpload({
      preview: { status: 400, body: { success: false, message: 'Colonne « Quantité » introuvable dans le fichier', field: 'file' } },
    });
    const page = renderPage(<ImportCard />, { session: 'owner', api: { 'GET /shop-data/imports': (req) => paginatedOf([], req.query) } });
    expect(await screen.findByText('Aucun import pour le moment')).toBeInTheDocument();
    await userEvent.upload(fileInput(page.container), new File(['x'], 'photo.png', { type: 'image/png' }), { applyAccept: false });
    expect(await screen.findByRole('alert')).toHaveTextContent('Choisissez un fichier CSV ou Excel (.xlsx)');
    expect(fetchMock).not.toHaveBeenCalled();
    await pick('Stocks');
    await userEvent.upload(fileInput(page.container), new File(['GTIN\n'], 'stock.csv', { type: 'text/csv' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Colonne « Quantité » introuvable dans le fichier'));
    expect(urlOf(fetchMock, 0).searchParams.get('entity')).toBe('stock');
    expect(urlOf(fetchMock, 0).searchParams.get('integration')).toBe('default');
  });

  it('history: the §3 statuses as French tags; only a finished import offers its undo', async () => {
    const page = renderPage(<ImportCard />, {
      session: 'owner',
      api: {
        'GET /shop-data/imports': (req) =>
          paginatedOf(
            [
              { ...base, id: 1, status: 'completed', revertible: true, created: 4, fileName: 'salon.csv' },
              { ...base, id: 2, status: 'reverted', fileName: 'ancien.xlsx' },
              { ...base, id: 3, status: 'error', revertible: true, fileName: 'casse.csv' },
              { ...base, id: 4, status: 'pending', fileName: 'attente.csv' },
              { ...base, id: 5, status: 'processing', processed: 2, fileName: 'encours.csv' },
            ],
            req.query,
          ),
        'POST /shop-data/imports/:id/revert': { ...base, id: 1, status: 'reverted', message: 'Import annulé' },
      },
    });
    expect(await screen.findByText('salon.csv')).toBeInTheDocument();
    for (const label of ['Terminé', 'Annulé', 'Erreur', 'En attente', 'En cours']) expect(screen.getByText(label)).toBeInTheDocument();
    expect(screen.getByText('2 / 3 éléments traités')).toBeInTheDocument();
    expect(screen.getByText('4 créés, 0 mis à jour, 0 ignoré, 0 erreur')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Annuler l’import / }).map((b) => b.getAttribute('aria-label'))).toEqual([
      'Annuler l’import salon.csv',
      'Annuler l’import casse.csv',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Annuler l’import casse.csv' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Conserver' }));
    await userEvent.click(screen.getByRole('button', { name: 'Annuler l’import salon.csv' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Annuler l’import' }));
    await waitFor(() =>
      expect(page.api.callsTo('POST /shop-data/imports/:id/revert').map((c) => c.path)).toEqual(['/shop-data/imports/1/revert']),
    );
  });

  it('speaks English too', async () => {
    renderPage(<ImportCard />, {
      session: 'owner',
      language: 'en',
      api: { 'GET /shop-data/imports': (req) => paginatedOf([{ ...base, status: 'completed' }], req.query) },
    });
    expect(await screen.findByText('Import data')).toBeInTheDocument();
    expect(screen.getByText('Click or drop a CSV or Excel (.xlsx) file')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Stock levels' })).toBeInTheDocument();
    expect(await screen.findByText('Completed')).toBeInTheDocument();
  });
});
