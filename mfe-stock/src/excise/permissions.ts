import { useSession } from 'shared-kernel/runtime';

/** §6: changing the stock (capsules, DRM validation) needs createWarehouse; owners have every permission. */
export function useCanWriteStock(): boolean {
  const session = useSession();
  const auth = session.user?.shops?.[0]?.authorizations as Record<string, boolean> | null | undefined;
  return session.user?.role === 'owner' || !auth || auth.createWarehouse === true;
}
