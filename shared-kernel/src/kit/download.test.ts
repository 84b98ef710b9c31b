/** @jest-environment jsdom */
import { clearSession, setSession } from 'shared-kernel/testing';
import { downloadApiFile } from './download';

/** The little of a fetch Response the download reads (jsdom has no Response). */
const answer = (status: number, body: string) => ({
  ok: status >= 200 && status < 300,
  status,
  json: async () => JSON.parse(body) as unknown,
  blob: async () => new Blob([body]),
});

describe('downloadApiFile', () => {
  const created: Blob[] = [];
  const clicked: string[] = [];
  beforeEach(() => {
    created.length = 0;
    clicked.length = 0;
    URL.createObjectURL = (b: Blob) => (created.push(b), 'blob:x');
    URL.revokeObjectURL = () => undefined;
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    setSession('owner');
  });
  afterEach(() => {
    jest.restoreAllMocks();
    clearSession();
  });

  it('fetches the file with the session token and saves it under its name', async () => {
    const fetchMock = jest.fn(async () => answer(200, '%PDF-1.7'));
    global.fetch = fetchMock as unknown as typeof fetch;
    await downloadApiFile('/excise/drm/export.pdf', { warehouseId: 3, month: '2024-03' }, 'drm-2024-03.pdf');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/excise\/drm\/export\.pdf\?warehouseId=3&month=2024-03$/);
    expect((init.headers as Record<string, string>).Authorization).toMatch(/^Bearer /);
    expect(clicked).toEqual(['drm-2024-03.pdf']);
    expect(created).toHaveLength(1);
  });

  it("throws the api's French message when it refuses, and saves nothing", async () => {
    global.fetch = jest.fn(async () =>
      answer(404, JSON.stringify({ success: false, message: 'Entrepôt introuvable' })),
    ) as unknown as typeof fetch;
    await expect(downloadApiFile('/excise/drm/export.csv', {}, 'x.csv')).rejects.toThrow('Entrepôt introuvable');
    expect(clicked).toEqual([]);
  });
});
