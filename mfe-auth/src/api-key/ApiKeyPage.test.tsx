import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureApi, resetApiConfig } from 'shared-kernel/runtime';
import ApiKeyPage from './ApiKeyPage';
import { initI18n } from 'shared-kernel/i18n';

const json = (status: number, body: unknown) =>
  ({ status, ok: status < 400, text: async () => JSON.stringify(body) }) as unknown as Response;
beforeAll(() => {
  initI18n({ lng: 'fr' });
});
afterEach(() => resetApiConfig());

test('empty state, then a created key is shown once and listed by its prefix', async () => {
  let list: unknown[] = [];
  configureApi({
    fetch: async (url, init) => {
      if (init.method === 'POST') {
        list = [{ id: 1, name: 'ERP', prefix: 'wzk_abcdefgh', createdAt: '2026-01-02T10:00:00.000Z', lastUsedAt: null }];
        return json(201, { ...(list[0] as object), key: 'wzk_abcdefgh_SECRET' });
      }
      // GET /v1/api-keys: the paginated envelope
      return json(200, { items: list, total: list.length, page: 1, pageSize: 100 });
    },
  });
  render(<ApiKeyPage />);
  expect(await screen.findByText("Aucune clé pour l'instant")).toBeInTheDocument();
  const create = screen.getByRole('button', { name: 'Créer une clé' });
  expect(create).toBeDisabled();
  await userEvent.type(screen.getByLabelText('Nom de la clé'), 'ERP');
  await userEvent.click(create);
  expect(await screen.findByDisplayValue('wzk_abcdefgh_SECRET')).toBeInTheDocument();
  expect(await screen.findByText('wzk_abcdefgh…')).toBeInTheDocument();
});
