import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { reply, renderPage } from 'shared-kernel/testing';
import type { ShopExport } from './data.queries';
import { ExportCard } from './ExportCard';

const queued: ShopExport = { id: 5, status: 'pending', createdAt: '2026-03-02T09:30:00Z', fileName: 'donnees-domaine-demo-2026-03-02.zip' };

describe('ExportCard', () => {
  const clicked: string[] = [];
  beforeEach(() => {
    clicked.length = 0;
    URL.createObjectURL = () => 'blob:x';
    URL.revokeObjectURL = () => undefined;
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
  });
  afterEach(() => {
    jest.restoreAllMocks();
    delete (globalThis as { fetch?: unknown }).fetch;
  });

  it('queues the export, says where the zip will appear, then offers it once ready', async () => {
    let current: ShopExport = { ...queued, status: 'processing' };
    const page = renderPage(<ExportCard documentsHref="/dashboard/documents" />, {
      session: 'owner',
      api: {
        'POST /shop-data/exports': { ...queued, message: 'L’export de vos données est en préparation' },
        'GET /shop-data/exports/:id': () => current,
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Exporter toutes mes données' }));
    expect(
      await screen.findByText(
        'Votre export est en préparation. Le fichier zip apparaîtra dans vos documents à télécharger dès qu’il sera prêt.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Documents à télécharger' })).toHaveAttribute('href', '/dashboard/documents');
    expect(page.api.callsTo('POST /shop-data/exports')).toHaveLength(1);
    await waitFor(() => expect(page.api.callsTo('GET /shop-data/exports/:id')[0]?.path).toBe('/shop-data/exports/5'));

    current = { ...queued, status: 'ready' };
    await act(() => page.client.refetchQueries({ queryKey: ['auth', 'shop-exports'] }));
    expect(await screen.findByText('Votre export est prêt.')).toBeInTheDocument();

    const fetchMock = jest.fn(async () => ({ ok: true, status: 200, json: async () => ({}), blob: async () => new Blob(['PK']) }));
    (globalThis as { fetch?: unknown }).fetch = fetchMock;
    await userEvent.click(screen.getByRole('button', { name: `Télécharger ${queued.fileName}` }));
    await waitFor(() => expect(clicked).toEqual([queued.fileName]));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/v1\/shop-data\/exports\/5\/file$/);
    expect((init.headers as Record<string, string>).Authorization).toMatch(/^Bearer /);
  });

  it('shows the api’s refusal and an export that failed', async () => {
    let answer: unknown = reply(403, { success: false, message: "Vous n'avez pas les droits nécessaires pour effectuer cette action." });
    const page = renderPage(<ExportCard />, {
      session: 'owner',
      api: {
        'POST /shop-data/exports': () => answer,
        'GET /shop-data/exports/:id': { ...queued, status: 'error' },
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Exporter toutes mes données' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Vous n'avez pas les droits nécessaires pour effectuer cette action.");
    answer = { ...queued, message: 'ok' };
    await userEvent.click(screen.getByRole('button', { name: 'Exporter toutes mes données' }));
    expect(await screen.findByText('L’export n’a pas pu être préparé. Réessayez dans quelques minutes.')).toBeInTheDocument();
    expect(page.api.callsTo('POST /shop-data/exports')).toHaveLength(2);
  });

  it('speaks English too', async () => {
    renderPage(<ExportCard />, { session: 'owner', language: 'en', api: {} });
    expect(screen.getByRole('button', { name: 'Export all my data' })).toBeInTheDocument();
  });
});
