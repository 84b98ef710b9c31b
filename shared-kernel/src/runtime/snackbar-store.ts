import { create } from 'zustand';
import { bus } from './bus';
import { singleton } from './singleton';

/** Spec §9: a snackbar stays 5 seconds. */
export const SNACKBAR_DURATION_MS = 5000;
/** Spec §9: snackbars stack 75 px apart (used by the shell's renderer). */
export const SNACKBAR_STACK_GAP_PX = 75;

export interface SnackbarItem {
  id: number;
  text: string;
  /** Error style (alert icon, orange); otherwise success style (check icon, blue). */
  error: boolean;
  createdAt: number;
}

export interface SnackbarState {
  items: SnackbarItem[];
  push(input: { text: string; error?: boolean }): number;
  close(id: number): void;
  clear(): void;
}

function createSnackbarStore() {
  let nextId = 1;
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  const store = create<SnackbarState>()((set, get) => ({
    items: [],
    push({ text, error = false }) {
      const id = nextId++;
      set({ items: [...get().items, { id, text, error, createdAt: Date.now() }] });
      timers.set(
        id,
        setTimeout(() => get().close(id), SNACKBAR_DURATION_MS),
      );
      return id;
    },
    close(id) {
      const timer = timers.get(id);
      if (timer) clearTimeout(timer);
      timers.delete(id);
      set({ items: get().items.filter((i) => i.id !== id) });
    },
    clear() {
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
      set({ items: [] });
    },
  }));
  bus.on('snackbar', ({ text, error }) => store.getState().push({ text, error }));
  return store;
}

/** Snackbar queue rendered by the shell. */
export const useSnackbars = singleton('snackbar-store', createSnackbarStore);

export const notify = {
  success: (text: string): number => useSnackbars.getState().push({ text, error: false }),
  error: (text: string): number => useSnackbars.getState().push({ text, error: true }),
};
