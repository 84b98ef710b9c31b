import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';

configure({ asyncUtilTimeout: 5000 });
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ShopCustomization } from 'shared-kernel/contracts';
import { configureApi, resetApiConfig, usePopup, useSession, useSnackbars } from 'shared-kernel/runtime';
import { initI18n } from 'shared-kernel/i18n';
import CustomizePage from './CustomizePage';
import { texts } from './customize.texts';

const MSG = texts.errors;

beforeAll(() => {
  initI18n({ lng: 'fr' });
});
// jsdom has no fetch Request; the data router builds one per navigation (no loaders here).
if (typeof globalThis.Request === 'undefined') {
  (globalThis as { Request?: unknown }).Request = class {
    url: string;
    method: string;
    signal?: AbortSignal;
    constructor(url: string | URL, init?: { method?: string; signal?: AbortSignal }) {
      this.url = String(url);
      this.method = init?.method ?? 'GET';
      this.signal = init?.signal;
    }
  };
}

type Call = { method: string; url: string; body: unknown };
let calls: Call[] = [];
let handler: (c: Call) => { status?: number; body: unknown };
function json(status: number, body: unknown) {
  return { ok: status < 400, status, text: async () => JSON.stringify(body) } as unknown as Response;
}
beforeEach(() => {
  calls = [];
  configureApi({
    fetch: async (url, init) => {
      const c = { method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(c);
      const r = handler(c);
      return json(r.status ?? 200, r.body);
    },
    location: () => ({ pathname: '/dashboard/customize', search: '' }),
  });
  useSession.setState({
    jwt: 'token',
    masterAccount: null,
    user: { id: 2, username: 'Olivier', email: 'owner@demo.test', role: 'owner', shops: [{ id: 1 }] },
    shop: {
      id: 1,
      code: 'DOMDEM',
      name: 'Domaine de Démo',
      urlShop: 'domaine-demo',
      businessType: 'wine',
      settings: { logStartMonth: 0, logStartDay: 1, hasTVA: true, vatRate: { standard: 20, medium: 10, reduced: 5.5 } },
      typologies: [],
      integration: {},
      editedShop: { color: '#7b1e3a' },
    },
  });
  useSnackbars.getState().clear();
  usePopup.getState().close();
});
afterEach(() => {
  resetApiConfig();
});

const page: ShopCustomization = {
  editedShop: { color: '#7b1e3a', banner: null, logo: null },
  headerStyle: { logoPlacement: 'start', dark: true },
  tabs: [
    { id: 10, name: 'Accueil', order: 0, exists: true, content: { kind: 'text', text: 'Bienvenue' }, children: [] },
    {
      id: 11,
      name: 'Nos vins',
      order: 1,
      exists: true,
      content: { kind: 'products' },
      children: [
        { id: 12, name: 'Rouges', order: 0, exists: true, content: { kind: 'products', filter: { color: ['red'] } }, children: [] },
      ],
    },
  ],
};

function renderCustomize() {
  const router = createMemoryRouter(
    [
      { path: '/dashboard/customize', element: <CustomizePage /> },
      { path: '/dashboard', element: <p>Tableau de bord</p> },
    ],
    { initialEntries: ['/dashboard/customize'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}
const preview = () => within((screen.getByTitle('Aperçu ordinateur') as HTMLIFrameElement).contentDocument!.body);

describe('CustomizePage', () => {
  beforeEach(() => {
    handler = (c) => {
      if (c.url.startsWith('/v1/shops/me/page')) return { body: page };
      if (c.url.startsWith('/v1/products'))
        return {
          body: {
            items: [],
            total: 0,
            limit: 1,
            offset: 0,
            facets: { gamme: ['Tradition'], type: [], color: ['red', 'white'], vintage: [] },
            pricesReserved: false,
          },
        };
      if (c.method === 'PUT' && c.url === '/v1/shops/me') {
        const b = c.body as { tabs: Array<{ name: string }>; headerStyle: object; editedShop: { color: string } };
        return {
          body: {
            ...useSession.getState().shop,
            editedShop: { color: b.editedShop.color, banner: null, logo: null },
            headerStyle: b.headerStyle,
            tabs: b.tabs.map((t, i) => ({
              id: 100 + i,
              name: t.name,
              order: i,
              exists: true,
              content: { kind: 'products' },
              children: [],
            })),
            message: 'Vos informations ont été mises à jour',
          },
        };
      }
      return { status: 404, body: { success: false, message: 'Ressource introuvable' } };
    };
  });

  it('shows the live preview with the real shop header, updated with the unsaved colour and tab name', async () => {
    renderCustomize();
    expect(await screen.findByDisplayValue('Accueil')).toBeTruthy();
    await waitFor(() => expect(preview().getByRole('link', { name: 'Accueil', hidden: true })).toBeTruthy());
    expect(preview().getByRole('link', { name: 'Rouges', hidden: true })).toBeTruthy();
    expect(preview().getByText('Domaine de Démo')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Couleur principale'), { target: { value: '#123abc' } });
    fireEvent.change(screen.getByDisplayValue('Accueil'), { target: { value: 'Bienvenue chez nous' } });
    await waitFor(() => expect(preview().getByRole('link', { name: 'Bienvenue chez nous', hidden: true })).toBeTruthy());
    const header = preview().getByRole('banner');
    expect(header.style.getPropertyValue('--wzs-accent')).toBe('#123abc');
    expect(header.className).toContain('dark');
    expect(screen.getByRole('status').textContent).toBe('Modifications non enregistrées');
    // Header style switches apply at once.
    fireEvent.click(screen.getByRole('switch', { name: 'Majuscules' }));
    await waitFor(() => expect(preview().getByRole('banner').className).toContain('upper'));
    // Hidden tabs leave the preview.
    fireEvent.click(screen.getAllByRole('switch', { name: 'Visible' })[0]);
    await waitFor(() => expect(preview().queryByRole('link', { name: 'Bienvenue chez nous', hidden: true })).toBeNull());
  });

  it('refuses an empty tab name or a bad colour without calling the api', async () => {
    renderCustomize();
    fireEvent.change(await screen.findByDisplayValue('Rouges'), { target: { value: '   ' } });
    fireEvent.change(screen.getByLabelText('Couleur principale'), { target: { value: 'rouge' } });
    expect(await screen.findByText(MSG.color)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(MSG.tabName)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('saves colour, header style and tabs through PUT /v1/shops/me and shows the confirmation', async () => {
    renderCustomize();
    fireEvent.change(await screen.findByDisplayValue('Accueil'), { target: { value: 'Le domaine' } });
    fireEvent.change(screen.getByLabelText('Couleur principale'), { target: { value: '#223344' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter un onglet' }));
    fireEvent.click(screen.getByRole('button', { name: 'Monter Nouvel onglet' }));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(useSnackbars.getState().items.map((i) => i.text)).toContain('Vos informations ont été mises à jour'));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toMatchObject({
      editedShop: { color: '#223344' },
      headerStyle: { logoPlacement: 'start', dark: true },
      tabs: [
        { id: 10, name: 'Le domaine', exists: true, content: { kind: 'text', text: 'Bienvenue' }, children: [] },
        { name: 'Nouvel onglet', exists: true, content: { kind: 'products' }, children: [] },
        { id: 11, name: 'Nos vins', children: [{ id: 12, name: 'Rouges', content: { kind: 'products', filter: { color: ['red'] } } }] },
      ],
    });
    expect((put.body as { tabs: Array<{ id?: number }> }).tabs[1].id).toBeUndefined();
    await waitFor(() => expect(screen.queryByText('Modifications non enregistrées')).toBeNull());
    expect(useSession.getState().shop?.editedShop?.color).toBe('#223344');
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toHaveProperty('disabled', true);
  });

  it('warns before leaving with unsaved changes', async () => {
    const router = renderCustomize();
    fireEvent.change(await screen.findByDisplayValue('Accueil'), { target: { value: 'Modifié' } });
    await act(async () => {
      void router.navigate('/dashboard');
    });
    await waitFor(() => expect(usePopup.getState().popup?.title).toBe('Modifications non enregistrées'));
    expect(router.state.location.pathname).toBe('/dashboard/customize');
    await act(async () => {
      await usePopup.getState().popup!.onOk!();
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('shows the api error next to the field it names', async () => {
    handler = ((prev) => (c: Call) =>
      c.method === 'PUT'
        ? {
            status: 400,
            body: { success: false, message: "Le nom de l'onglet doit contenir entre 1 et 50 caractères", field: 'tabs.1.children.0.name' },
          }
        : prev(c))(handler);
    renderCustomize();
    fireEvent.change(await screen.findByDisplayValue('Rouges'), { target: { value: 'Rouges et noirs' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', "Le nom de l'onglet doit contenir entre 1 et 50 caractères");
  });

  it('keeps a refused image address from being saved until it is put right', async () => {
    renderCustomize();
    const address = await screen.findByLabelText('Logo');
    fireEvent.change(address, { target: { value: 'http://cdn.example.fr/logo.png' } });
    expect(await screen.findByText(MSG.url)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Couleur principale'), { target: { value: '#223344' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Enregistrer' })).toHaveProperty('disabled', false));
    expect(screen.getByText(MSG.url)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(address, { target: { value: 'https://cdn.example.fr/logo.png' } });
    await waitFor(() => expect(screen.queryByText(MSG.url)).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      editedShop: { color: '#223344', logo: 'https://cdn.example.fr/logo.png' },
    });
  });
});
