import type { MasterAccount, User } from '../contracts';
import { singleton } from './singleton';

/**
 * Events exchanged between the shell and the remotes. Remotes may add their own by
 * declaration merging:
 *   declare module 'shared-kernel/runtime' { interface BusEvents { 'stock:changed': { id: number } } }
 */
export interface BusEvents {
  /** Show a snackbar (the snackbar store listens to this). */
  snackbar: { text: string; error?: boolean };
  /** Ask the shell's router to navigate. */
  navigate: { to: string; replace?: boolean };
  /** The session store changed user / master account / jwt. */
  'session:changed': { user: User | null; masterAccount: MasterAccount | null };
  /** Ask the shell to open the cart drawer. */
  'cart:open': void;
  /** The session ended ('user' = Déconnexion, 'expired' = 401 from the api). */
  logout: { reason: 'user' | 'expired' };
}

export type BusEventName = keyof BusEvents;
export type BusHandler<K extends BusEventName> = (payload: BusEvents[K]) => void;
type EmitArgs<K extends BusEventName> = BusEvents[K] extends void ? [] | [undefined] : [BusEvents[K]];

export interface EventBus {
  on<K extends BusEventName>(event: K, handler: BusHandler<K>): () => void;
  once<K extends BusEventName>(event: K, handler: BusHandler<K>): () => void;
  emit<K extends BusEventName>(event: K, ...args: EmitArgs<K>): void;
  /** Number of handlers registered for an event (diagnostics and tests). */
  listenerCount(event: BusEventName): number;
}

export function createEventBus(): EventBus {
  const handlers = new Map<BusEventName, Set<(payload: unknown) => void>>();
  const bus: EventBus = {
    on(event, handler) {
      let set = handlers.get(event);
      if (!set) {
        set = new Set();
        handlers.set(event, set);
      }
      const fn = handler as (payload: unknown) => void;
      set.add(fn);
      return () => {
        set.delete(fn);
      };
    },
    once(event, handler) {
      const off = bus.on(event, (payload) => {
        off();
        handler(payload);
      });
      return off;
    },
    emit(event, ...args) {
      const set = handlers.get(event);
      if (!set) return;
      // Copy: a handler may unsubscribe (or subscribe) while we iterate.
      for (const fn of [...set]) {
        try {
          fn(args[0]);
        } catch (err) {
          // One faulty listener (in some remote) must not break the others.
          console.error(`[bus] handler for "${String(event)}" failed`, err);
        }
      }
    },
    listenerCount(event) {
      return handlers.get(event)?.size ?? 0;
    },
  };
  return bus;
}

/** The page-wide bus shared by the shell and every remote. */
export const bus: EventBus = singleton('bus', createEventBus);
