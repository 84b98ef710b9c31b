/** Spec §8/§9: a chunk-load failure reloads the page, at most once every 60 s. */
export const CHUNK_RELOAD_GUARD_MS = 60_000;
export const CHUNK_RELOAD_KEY = 'wz-chunk-reload-at';

/** Errors that mean "the code of the app could not be downloaded" (new deploy, offline…). */
export function isChunkLoadError(error: unknown): boolean {
  if (!error) return false;
  const e = error as { name?: unknown; message?: unknown; code?: unknown };
  const name = typeof e.name === 'string' ? e.name : '';
  const message = typeof e.message === 'string' ? e.message : typeof error === 'string' ? error : '';
  if (name === 'ChunkLoadError' || name === 'RemoteUnavailableError') return true;
  return (
    /Loading (CSS )?chunk [\w-]+ failed/i.test(message) ||
    /Loading chunk/i.test(message) ||
    /Failed to fetch dynamically imported module/i.test(message) ||
    /error loading dynamically imported module/i.test(message) ||
    /RUNTIME-00[1-9]/.test(message) ||
    /Failed to (load|get) remote/i.test(message)
  );
}

/** Pure rule: reload only when the last reload is unknown or older than the guard. */
export function shouldReloadAfterChunkError(now: number, lastReloadAt: number | null): boolean {
  if (lastReloadAt === null || !Number.isFinite(lastReloadAt)) return true;
  return now - lastReloadAt >= CHUNK_RELOAD_GUARD_MS || now < lastReloadAt;
}

interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function sessionStore(): StorageLike | null {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    return null;
  }
}

/**
 * Reloads the page after a chunk-load failure unless it already did in the last minute.
 * Returns true when a reload was triggered.
 */
export function reloadOnceForChunkError(
  now = Date.now(),
  storage: StorageLike | null = sessionStore(),
  reload: () => void = () => window.location.reload(),
): boolean {
  const raw = storage?.getItem(CHUNK_RELOAD_KEY) ?? null;
  const last = raw === null ? null : Number(raw);
  if (!shouldReloadAfterChunkError(now, last)) return false;
  try {
    storage?.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    /* storage full or denied: still reload once */
  }
  reload();
  return true;
}
