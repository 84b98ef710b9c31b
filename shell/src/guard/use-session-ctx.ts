import { useShallow } from 'zustand/react/shallow';
import { useSession } from 'shared-kernel/runtime';
import type { MasterAccount, Shop, User } from 'shared-kernel/contracts';

export interface SessionCtx {
  user: User | null;
  masterAccount: MasterAccount | null;
  shop: Shop | null;
  jwt: string | null;
}

/** The parts of the session the guard and menus need (one shallow-compared subscription). */
export function useSessionCtx(): SessionCtx {
  return useSession(useShallow((s) => ({ user: s.user, masterAccount: s.masterAccount, shop: s.shop, jwt: s.jwt })));
}

export const isLogged = (s: Pick<SessionCtx, 'user' | 'masterAccount'>): boolean => s.user !== null || s.masterAccount !== null;
export const isSeller = (u: User | null): boolean => u?.role === 'owner' || u?.role === 'iam';
