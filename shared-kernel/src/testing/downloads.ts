// Page-test helpers for what the kit's downloadApiFile saves, and for antd popups found by their title.
import { screen } from '@testing-library/react';

/**
 * A popup by its title text. In jsdom antd gives every dialog the same title id ('test-id'), so a popup opened over
 * a drawer or a table with its own labelled parts is not found by its accessible name.
 */
export async function dialogTitled(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.ant-modal-title, .ant-modal-title *' });
  return heading.closest<HTMLElement>('[role="dialog"]')!;
}

export interface CapturedDownload {
  /** The URL fetched ('/v1/accounting/fec?year=2026'). */
  url: string;
  /** The name the file is saved under. */
  filename: string;
}

/**
 * Captures the files saved by the kit's downloadApiFile: it fetches with the global fetch and the token (not through
 * the faked api), then saves through a link click. `answer` gives the status and body of each file (default 200).
 * Call `restore()` after the test.
 */
export function captureDownloads(answer: (url: string) => { status: number; body: string } = () => ({ status: 200, body: 'file' })) {
  const saved: CapturedDownload[] = [];
  const fetched: Array<{ url: string; headers: Record<string, string> }> = [];
  const previousFetch = global.fetch;
  global.fetch = jest.fn(async (url: string, init?: { headers?: Record<string, string> }) => {
    fetched.push({ url: String(url), headers: init?.headers ?? {} });
    const a = answer(String(url));
    return {
      ok: a.status >= 200 && a.status < 300,
      status: a.status,
      json: async () => JSON.parse(a.body) as unknown,
      blob: async () => new Blob([a.body]),
    };
  }) as unknown as typeof fetch;
  // jsdom has neither; left in place after the test (the kit revokes the URL a second later)
  URL.createObjectURL = () => 'blob:test';
  URL.revokeObjectURL = () => undefined;
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (this.download) saved.push({ url: fetched.at(-1)?.url ?? '', filename: this.download });
  });
  return {
    saved,
    fetched,
    restore() {
      global.fetch = previousFetch;
      click.mockRestore();
    },
  };
}
