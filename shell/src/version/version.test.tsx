import { act, render, screen } from '@testing-library/react';
import { mockFetch } from '../test/render';
import { VersionBanner } from './VersionBanner';

describe('version banner', () => {
  afterEach(() => jest.useRealTimers());

  it('shows the reload banner once the deployed version differs from the first seen, and reloads on click', async () => {
    jest.useFakeTimers();
    let version = '5.5.1';
    mockFetch({ '/version.json': () => ({ version }) });
    const reload = jest.fn();
    render(<VersionBanner intervalMs={300_000} reload={reload} />);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(300_000);
    });
    expect(screen.queryByText(/nouvelle version/)).toBeNull();
    version = '5.6.0';
    await act(async () => {
      await jest.advanceTimersByTimeAsync(300_000);
    });
    const banner = screen.getByRole('button', { name: 'Une nouvelle version est disponible, cliquez pour recharger' });
    banner.click();
    expect(reload).toHaveBeenCalled();
  });
});
