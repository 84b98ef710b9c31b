import { createJSONStorage, type StateStorage } from 'zustand/middleware';

/** In-memory storage used where localStorage is missing (SSR, node, private mode errors). */
function memoryStorage(): StateStorage {
  const data = new Map<string, string>();
  return {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

export function browserStorage() {
  return createJSONStorage(() => {
    try {
      if (typeof window !== 'undefined' && window.localStorage) return window.localStorage;
    } catch {
      /* access denied (privacy settings) */
    }
    return memoryStorage();
  });
}
