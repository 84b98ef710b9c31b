import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClientImport, ClientImportReport, ClientImportUpload } from 'shared-kernel/contracts';
import { paginatedOf, renderPage } from 'shared-kernel/testing';
import ClientsListPage from '../file/ClientsListPage';
import { ImportHistory } from './ImportHistory';
import { ImportWizard } from './ImportWizard';

const base: ClientImport = {
  id: 7,
  status: 'pending',
  filename: 'clients.csv',
  mapping: {},
  duplicates: 'skip',
  total: 3,
  processed: 0,
  created: 0,
  merged: 0,
  skipped: 0,
  errors: [],
  errorCount: 0,
  createdBy: 'Olivier Owner',
  createdAt: '2026-03-02T09:30:00Z',
  finishedAt: null,
};
const uploaded: ClientImportUpload = {
  import: base,
  headers: ['Nom', 'Courriel perso', 'Ville', 'Remarque'],
  preview: [
    ['Durand', 'paul@import.test', 'Lyon', ''],
    ['Martin', 'pas-un-mail', 'Dijon', ''],
    ['Durand', 'PAUL@import.test', '', 'doublon'],
  ],
  suggestedMapping: { Nom: 'lastname', Ville: 'city' },
};
const report: ClientImportReport = {
  dryRun: true,
  total: 3,
  create: 1,
  merge: 1,
  skip: 0,
  error: 1,
  lines: [
    { line: 2, action: 'create', name: 'Durand' },
    { line: 3, action: 'error', name: '', field: 'email', message: 'Le mail est incorrect' },
    { line: 4, action: 'merge', name: 'Durand', duplicateOf: 'ligne 2' },
  ],
};

/** The upload is a raw-body fetch (not JSON): answered here. */
function fakeUpload(answer: { status: number; body: unknown }) {
  const fetchMock = jest.fn(async () => ({ ok: answer.status < 400, status: answer.status, json: async () => answer.body }));
  (globalThis as { fetch?: unknown }).fetch = fetchMock;
  return fetchMock;
}
afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

const fileInput = (container: HTMLElement) => container.querySelector('input[type="file"]') as HTMLInputElement;

describe('client import wizard', () => {
  it('upload → mapping (suggested, changed by the user) → dry-run report → run with progress → undo', async () => {
    const fetchMock = fakeUpload({ status: 201, body: uploaded });
    let polls = 0;
    const page = renderPage(<ImportWizard onClose={() => undefined} />, {
      session: 'owner',
      api: {
        'POST /crm/imports/:id/run': (req) =>
          (req.body as { dryRun: boolean }).dryRun ? report : { ...base, status: 'processing', mapping: { Nom: 'lastname' } },
        'GET /crm/imports/:id': () => {
          polls++;
          return polls === 1
            ? { ...base, status: 'processing', processed: 1 }
            : {
                ...base,
                status: 'completed',
                processed: 3,
                created: 1,
                merged: 1,
                errors: [{ line: 3, field: 'email', message: 'Le mail est incorrect' }],
                errorCount: 1,
              };
        },
        'POST /crm/imports/:id/revert': {
          ...base,
          status: 'reverted',
          message: 'Import annulé : 1 client supprimé, 0 fiche fusionnée restaurée',
        },
      },
    });

    await userEvent.upload(
      fileInput(page.container),
      new File(['Nom;Courriel perso\nDurand;paul@import.test\n'], 'clients.csv', { type: 'text/csv' }),
    );
    // the upload: raw body, the file name in the query
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toContain('/crm/imports?filename=clients.csv');

    // mapping step: the suggestion is applied, the preview shown; the user maps the unrecognised column
    expect(await screen.findByText('clients.csv : 3 lignes')).toBeInTheDocument();
    expect(screen.getByText('Aperçu des 3 premières lignes')).toBeInTheDocument();
    expect(screen.getAllByText('pas-un-mail').length).toBeGreaterThan(0);
    await userEvent.click(screen.getByLabelText('Champ client pour la colonne Courriel perso'));
    await userEvent.click(await screen.findByTitle('Email'));
    await userEvent.click(screen.getByRole('radio', { name: 'Ignorer la ligne' }));
    await userEvent.click(screen.getByRole('button', { name: 'Vérifier' }));
    await waitFor(() => expect(page.api.callsTo('POST /crm/imports/:id/run')).toHaveLength(1));
    expect(page.api.callsTo('POST /crm/imports/:id/run')[0]).toMatchObject({
      path: '/crm/imports/7/run',
      body: { mapping: { Nom: 'lastname', Ville: 'city', 'Courriel perso': 'email' }, duplicates: 'skip', dryRun: true },
    });

    // dry-run report: counts; errors only shown first, with the field and the §5 message
    expect(await screen.findByText('À créer : 1')).toBeInTheDocument();
    expect(screen.getByText('En erreur : 1')).toBeInTheDocument();
    expect(screen.getByText('Email : Le mail est incorrect')).toBeInTheDocument();
    expect(screen.queryByText('Doublon de ligne 2')).toBeNull();
    await userEvent.click(screen.getByRole('switch', { name: 'Seulement les erreurs' }));
    expect(screen.getByText('Doublon de ligne 2')).toBeInTheDocument();

    // run: the progress bar, then the result
    await userEvent.click(screen.getByRole('button', { name: 'Importer 2 lignes' }));
    expect(page.api.callsTo('POST /crm/imports/:id/run')[1].body).toMatchObject({ dryRun: false, duplicates: 'skip' });
    expect(await screen.findByText('1 / 3 lignes traitées')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(await screen.findByText('Import terminé', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('1 client créé, 1 fusionné, 0 ignoré, 1 en erreur')).toBeInTheDocument();
    expect(screen.getByText('Lignes en erreur (non importées)')).toBeInTheDocument();

    // undo, after confirmation
    await userEvent.click(screen.getByRole('button', { name: "Annuler l'import" }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: "Annuler l'import" }));
    await waitFor(() => expect(page.api.callsTo('POST /crm/imports/:id/revert')).toHaveLength(1));
    expect(await screen.findByText('Import annulé')).toBeInTheDocument();
    expect(page.snackbars()).toContainEqual({ text: 'Import annulé : 1 client supprimé, 0 fiche fusionnée restaurée', error: false });
  });

  it('refuses a file that is not CSV/XLSX without sending it; shows the api refusal of a bad file', async () => {
    const fetchMock = fakeUpload({
      status: 400,
      body: { success: false, message: 'Le fichier ne contient aucune ligne de clients', field: 'file' },
    });
    const page = renderPage(<ImportWizard onClose={() => undefined} />, { session: 'owner', api: {} });
    await userEvent.upload(fileInput(page.container), new File(['x'], 'photo.png', { type: 'image/png' }), { applyAccept: false });
    expect(await screen.findByRole('alert')).toHaveTextContent('Choisissez un fichier CSV ou Excel (.xlsx)');
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.upload(fileInput(page.container), new File(['Nom\n'], 'vide.csv', { type: 'text/csv' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Le fichier ne contient aucune ligne de clients'));
  });

  it('history: the §3 statuses as tags; a completed import can be undone', async () => {
    const page = renderPage(<ImportHistory />, {
      session: 'owner',
      api: {
        'GET /crm/imports': (req) =>
          paginatedOf(
            [
              { ...base, id: 1, status: 'completed', created: 4, filename: 'salon.csv' },
              { ...base, id: 2, status: 'reverted', filename: 'ancien.xlsx' },
              { ...base, id: 3, status: 'error', filename: 'casse.csv' },
            ],
            req.query,
          ),
        'POST /crm/imports/:id/revert': {
          ...base,
          id: 1,
          status: 'reverted',
          message: 'Import annulé : 4 clients supprimés, 0 fiche fusionnée restaurée',
        },
      },
    });
    expect(await screen.findByText('salon.csv')).toBeInTheDocument();
    expect(screen.getByText('Terminé')).toBeInTheDocument();
    expect(screen.getByText('Annulé')).toBeInTheDocument();
    expect(screen.getByText('En erreur')).toBeInTheDocument();
    expect(screen.getByText('4 créés · 0 fusionnés · 0 ignorés · 0 erreurs')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Annuler l'import/ })).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: "Annuler l'import salon.csv" }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: "Annuler l'import" }));
    await waitFor(() => expect(page.api.callsTo('POST /crm/imports/:id/revert')[0]?.path).toBe('/crm/imports/1/revert'));
  });

  it('the client list: the Importer action for the owner, the orders filters and columns in the api query', async () => {
    const page = renderPage(<ClientsListPage />, {
      route: '/dashboard/clients?pageSize=10&spentMin=10000&lastOrderFrom=2026-01-01',
      session: 'owner',
      api: {
        'GET /crm/clients': (req) =>
          paginatedOf(
            [
              {
                id: 1,
                code: 'CL00001',
                kind: 'private',
                name: 'Martin',
                civility: null,
                firstname: null,
                lastname: 'Martin',
                company: null,
                email: null,
                phone: null,
                mobile: null,
                typology: null,
                city: null,
                zipcode: null,
                department: null,
                tags: [],
                pipe: null,
                agentUserId: null,
                agentName: null,
                status: 'active',
                createdAt: '2026-02-01T10:00:00Z',
                lastOrderAt: '2026-03-05T10:00:00Z',
                totalSpent: 123456,
              },
            ],
            req.query,
          ),
        'GET /tariffs/typologies': [],
        'GET /agents': [],
      },
    });
    await screen.findByRole('link', { name: 'Martin' });
    expect(page.api.callsTo('GET /crm/clients').at(-1)!.query).toMatchObject({ spentMin: '10000', lastOrderFrom: '2026-01-01' });
    expect(screen.getAllByText('05/03/2026').length).toBeGreaterThan(0);
    expect(screen.getAllByText(/1\s234,56\s€/).length).toBeGreaterThan(0);
    expect(screen.getByLabelText('Dépensé min. (€)')).toHaveValue('100');
    await userEvent.click(screen.getByRole('button', { name: 'Importer' }));
    expect(await screen.findByText('Cliquez ou déposez un fichier CSV ou Excel (.xlsx)')).toBeInTheDocument();
  });
});
