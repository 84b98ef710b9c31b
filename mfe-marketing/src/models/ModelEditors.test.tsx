import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EmailModelDetail } from 'shared-kernel/contracts';
import { paginatedOf, renderPage, reply, type ApiRequest } from 'shared-kernel/testing';
import AdvancedEditorPage from './AdvancedEditorPage';
import ModelDetailPage from './ModelDetailPage';
import ModelsListPage from './ModelsListPage';
import StandardEditorPage from './StandardEditorPage';

// jsdom has no layout: the rich-text editor (ProseMirror) asks ranges and the document for coordinates.
beforeAll(() => {
  const rect = { x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) } as DOMRect;
  const rects = Object.assign([rect], { item: () => rect }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => rect;
  Range.prototype.getClientRects ??= () => rects;
  document.elementFromPoint ??= () => null;
});

beforeEach(() => {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1440 });
    window.dispatchEvent(new Event('resize'));
  });
});

const model = (over: Partial<EmailModelDetail> = {}): EmailModelDetail => ({
  id: 3,
  name: 'Nouveau millésime',
  kind: 'standard',
  subject: 'Bonjour {{firstname}}',
  blocks: [{ id: 'a', type: 'heading', text: 'Le millésime 2024', level: 1 }],
  html: '<!doctype html><html><body><h1>Le millésime 2024</h1></body></html>',
  createdAt: '2026-01-10T10:00:00.000Z',
  updatedAt: '2026-01-12T10:00:00.000Z',
  ...over,
});

it('the advanced list asks only the advanced templates', async () => {
  const page = renderPage(<ModelsListPage />, {
    route: '/dashboard/crm/models/advanced',
    api: { 'GET /marketing/models': (req: ApiRequest) => paginatedOf([model({ kind: 'advanced', name: 'Portes ouvertes' })], req.query) },
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'Modèles avancés' })).toBeInTheDocument();
  expect(await screen.findByRole('link', { name: 'Portes ouvertes' })).toHaveAttribute('href', '/dashboard/crm/models/3');
  expect(page.calls[0].query).toMatchObject({ kind: 'advanced' });
  expect(screen.getByRole('link', { name: 'Nouveau modèle' })).toHaveAttribute('href', '/dashboard/crm/models/add?kind=advanced');
});

it('the detail shows the server-rendered preview in a sandboxed iframe', async () => {
  renderPage(<ModelDetailPage />, {
    path: '/dashboard/crm/models/:id',
    route: '/dashboard/crm/models/3',
    api: {
      'GET /marketing/models/:id': () => model(),
      'GET /marketing/models/:id/preview': () => ({ subject: 'Bonjour Camille', html: '<p>Bonjour Camille</p>' }),
    },
  });
  const frame = await screen.findByTitle("Aperçu de l'e-mail");
  await waitFor(() => expect(frame).toHaveAttribute('srcdoc', '<p>Bonjour Camille</p>'));
  expect(frame).toHaveAttribute('sandbox', '');
  await userEvent.click(screen.getByText('Téléphone'));
  expect(frame).toHaveAttribute('data-device', 'phone');
  expect(screen.getByRole('link', { name: "Ouvrir l'éditeur" })).toHaveAttribute('href', '/dashboard/crm/models/3/standard');
});

it('standard editor: a block added, a merge field inserted from the menu, saved; the live preview follows', async () => {
  const page = renderPage(<StandardEditorPage />, {
    path: '/dashboard/crm/models/:id/standard',
    route: '/dashboard/crm/models/3/standard',
    api: {
      'GET /marketing/models/:id': () => model(),
      'POST /marketing/models/preview': (req: ApiRequest) => ({
        html: `<p>${(req.body as { blocks: unknown[] }).blocks.length} blocs</p>`,
      }),
      'PUT /marketing/models/:id': (req: ApiRequest) => ({ ...model(), ...(req.body as object), message: 'Modèle enregistré' }),
    },
  });
  const frame = await screen.findByTitle("Aperçu de l'e-mail");
  await waitFor(() => expect(frame).toHaveAttribute('srcdoc', '<p>1 blocs</p>'));
  await userEvent.click(screen.getByRole('button', { name: 'Ajouter un bloc' }));
  await userEvent.click(await screen.findByText('Séparateur'));
  await userEvent.click(screen.getByRole('button', { name: 'Ajouter un bloc' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Texte' }));
  // the text block is the rich-text editor, named by the block's label, its merge-field menu in its toolbar
  const text = screen.getByRole('textbox', { name: 'Texte du bloc' });
  expect(text).toHaveTextContent('Bonjour {{firstname}},');
  await userEvent.click(text);
  await userEvent.keyboard('{Control>}a{/Control}');
  await userEvent.keyboard('Cher ');
  await waitFor(() => expect(text).toHaveTextContent(/^Cher$/));
  const toolbar = screen.getByRole('toolbar', { name: 'Mise en forme' });
  await userEvent.click(within(toolbar).getByRole('button', { name: 'Insérer un champ de fusion' }));
  await userEvent.click(await screen.findByText('Nom de la boutique — {{shopName}}'));
  await waitFor(() => expect(text).toHaveTextContent('Cher {{shopName}}'));
  // a format from the toolbar on the selected text
  await waitFor(() => expect(text).toHaveFocus());
  await userEvent.keyboard('{Control>}a{/Control}');
  await userEvent.click(within(toolbar).getByRole('button', { name: 'Gras' }));
  await waitFor(() => expect(frame).toHaveAttribute('srcdoc', '<p>3 blocs</p>'), { timeout: 3000 });
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
  await waitFor(() => expect(page.snackbars()).toContainEqual(expect.objectContaining({ text: 'Modèle enregistré', error: false })));
  const put = page.calls.find((c) => c.method === 'PUT')!;
  expect((put.body as { blocks: Array<{ type: string }> }).blocks.map((b) => b.type)).toEqual(['heading', 'divider', 'text']);
  expect((put.body as { blocks: Array<{ html?: string }> }).blocks[2].html).toBe('<p><strong>Cher {{shopName}}</strong></p>');
});

it('image block: a file is uploaded and the block takes its address; a refused file says why', async () => {
  let refuse = false;
  const page = renderPage(<StandardEditorPage />, {
    path: '/dashboard/crm/models/:id/standard',
    route: '/dashboard/crm/models/3/standard',
    api: {
      'GET /marketing/models/:id': () => model({ blocks: [{ id: 'i', type: 'image', src: 'https://', alt: '' }] }),
      'POST /marketing/models/preview': () => ({ html: '<p>aperçu</p>' }),
      'POST /marketing/media': () =>
        refuse
          ? reply(400, { success: false, field: 'file', message: "Le fichier n'est pas une image" })
          : reply(201, { id: 1, url: 'https://vins.example/v1/media/abc.webp', width: 600, height: 300 }),
    },
  });
  const src = await screen.findByRole('textbox', { name: "Adresse de l'image (https://…)" });
  const file = new File([new Uint8Array([137, 80, 78, 71])], 'cuvee.png', { type: 'image/png' });
  await userEvent.upload(screen.getByLabelText('Téléverser une image'), file);
  await waitFor(() => expect(src).toHaveValue('https://vins.example/v1/media/abc.webp'));
  const sent = page.calls.find((c) => c.path === '/marketing/media')!;
  expect(sent.body).toBeInstanceOf(Blob);
  expect((sent.body as Blob).type).toBe('image/png');
  refuse = true;
  await userEvent.upload(screen.getByLabelText('Téléverser une image'), file);
  expect(await screen.findByRole('alert')).toHaveTextContent("Le fichier n'est pas une image");
  expect(src).toHaveValue('https://vins.example/v1/media/abc.webp');
});

it('advanced editor: the server refuses an unknown merge field, naming it', async () => {
  const page = renderPage(<AdvancedEditorPage />, {
    path: '/dashboard/crm/models/:id/advanced',
    route: '/dashboard/crm/models/3/advanced',
    api: {
      'GET /marketing/models/:id': () => model({ kind: 'advanced', blocks: [], html: '<p>Bonjour {{prenom}}</p>' }),
      'POST /marketing/models/preview': () =>
        reply(400, { success: false, field: 'html', message: 'Le champ de fusion {{prenom}} n’existe pas' }),
      'PUT /marketing/models/:id': () =>
        reply(400, { success: false, field: 'html', message: 'Le champ de fusion {{prenom}} n’existe pas' }),
    },
  });
  expect(await screen.findByRole('alert')).toHaveTextContent('Le champ de fusion {{prenom}} n’existe pas');
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
  await waitFor(() =>
    expect(page.snackbars()).toContainEqual(
      expect.objectContaining({ text: 'Le champ de fusion {{prenom}} n’existe pas (html)', error: true }),
    ),
  );
});

describe('an editor URL that does not match the template’s kind', () => {
  const editors = {
    path: '/dashboard/crm/models/:id/standard',
    routes: { '/dashboard/crm/models/:id/advanced': <AdvancedEditorPage /> },
  };

  it('an HTML template opened at its standard-editor URL goes to the HTML editor, its HTML kept', async () => {
    const html = '<p>Portes ouvertes le {{shopName}}</p>';
    const page = renderPage(<StandardEditorPage />, {
      ...editors,
      route: '/dashboard/crm/models/7/standard',
      api: {
        'GET /marketing/models/:id': () => model({ id: 7, kind: 'advanced', blocks: [], html }),
        'POST /marketing/models/preview': () => ({ html }),
      },
    });
    expect(await screen.findByLabelText('HTML du modèle')).toHaveValue(html);
    expect(page.location().pathname).toBe('/dashboard/crm/models/7/advanced');
    expect(screen.queryByRole('button', { name: 'Ajouter un bloc' })).toBeNull();
    // the history holds the right editor only: back does not come to the empty block editor
    expect(page.router.state.historyAction).toBe('REPLACE');
  });

  it('a block template opened at the advanced-editor URL goes to the block editor', async () => {
    const page = renderPage(<AdvancedEditorPage />, {
      path: '/dashboard/crm/models/:id/advanced',
      routes: { '/dashboard/crm/models/:id/standard': <StandardEditorPage /> },
      route: '/dashboard/crm/models/3/advanced',
      api: {
        'GET /marketing/models/:id': () => model(),
        'POST /marketing/models/preview': () => ({ html: '<p>aperçu</p>' }),
      },
    });
    expect(await screen.findByRole('button', { name: 'Ajouter un bloc' })).toBeInTheDocument();
    expect(page.location().pathname).toBe('/dashboard/crm/models/3/standard');
    expect(screen.queryByLabelText('HTML du modèle')).toBeNull();
  });
});
