import { SESSION_STORAGE_KEY, useSession } from 'shared-kernel/runtime';

/**
 * The session store hydrates itself from localStorage ('wz-session', zustand persist
 * format). A session written by another writer (e2e, an older build) with a different
 * persist version is not migrated by zustand; pick it up here so a stored jwt is never
 * ignored. Returns true when the session was restored by this function.
 */
export function restoreSessionFromStorage(storage: Pick<Storage, 'getItem'> | null = safeLocalStorage()): boolean {
  if (!storage || useSession.getState().jwt) return false;
  let raw: string | null;
  try {
    raw = storage.getItem(SESSION_STORAGE_KEY);
  } catch {
    return false;
  }
  if (!raw) return false;
  try {
    const parsed = JSON.parse(raw) as { state?: Record<string, unknown> } & Record<string, unknown>;
    const state = (parsed.state ?? parsed) as Record<string, unknown>;
    if (typeof state.jwt !== 'string' || !state.jwt) return false;
    useSession.setState({
      jwt: state.jwt,
      user: (state.user as never) ?? null,
      masterAccount: (state.masterAccount as never) ?? null,
      shop: (state.shop as never) ?? null,
    });
    return true;
  } catch {
    return false;
  }
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}
