import { CHUNK_RELOAD_KEY, isChunkLoadError, reloadOnceForChunkError, shouldReloadAfterChunkError } from './chunk-reload';

describe('chunk reload guard', () => {
  it('reloads when never reloaded or more than a minute ago', () => {
    expect(shouldReloadAfterChunkError(1_000_000, null)).toBe(true);
    expect(shouldReloadAfterChunkError(1_000_000, 1_000_000 - 60_000)).toBe(true);
    expect(shouldReloadAfterChunkError(1_000_000, 1_000_000 - 59_999)).toBe(false);
    expect(shouldReloadAfterChunkError(1_000_000, NaN)).toBe(true);
  });

  it('reloads at most once a minute (timestamp in storage)', () => {
    const data = new Map<string, string>();
    const storage = { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
    const reload = jest.fn();
    expect(reloadOnceForChunkError(10_000, storage, reload)).toBe(true);
    expect(data.get(CHUNK_RELOAD_KEY)).toBe('10000');
    expect(reloadOnceForChunkError(40_000, storage, reload)).toBe(false);
    expect(reloadOnceForChunkError(70_000, storage, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('recognises chunk and federation load errors only', () => {
    const chunk = new Error('Loading chunk 123 failed.\n(error: https://x/123.js)');
    chunk.name = 'ChunkLoadError';
    expect(isChunkLoadError(chunk)).toBe(true);
    expect(isChunkLoadError(new Error('Loading CSS chunk 7 failed'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('[ Federation Runtime ]: RUNTIME-008 failed to load script'))).toBe(true);
    expect(isChunkLoadError(new Error('x is undefined'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});
