/**
 * React side of the offline till: the queue of a salespoint with its state, and the catalogue the till
 * sells from, saved in IndexedDB on every good answer and answered from there when the api cannot be reached.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api } from 'shared-kernel/runtime';
import type { PosCatalog } from 'shared-kernel/contracts';
import { loadCatalog, saveCatalog, tillDb } from './db';
import { isRefusal, isUnreachable } from './net';
import { createTillQueue, type TillQueue, type TillQueueState } from './queue';

/** One queue per salespoint and page (one flush at a time), kept while a component uses it. */
const queues = new Map<number, { queue: TillQueue; users: number }>();

function queueFor(salesPointId: number) {
  let entry = queues.get(salesPointId);
  if (!entry) {
    entry = { queue: createTillQueue(salesPointId), users: 0 };
    queues.set(salesPointId, entry);
  }
  return entry;
}

export function useTillQueue(salesPointId: number): { queue: TillQueue } & TillQueueState {
  const { queue } = queueFor(salesPointId);
  useEffect(() => {
    const entry = queueFor(salesPointId);
    entry.users++;
    return () => {
      entry.users--;
      // disposed a moment later, so that StrictMode's unmount/mount keeps it
      setTimeout(() => {
        if (entry.users === 0 && queues.get(salesPointId) === entry) {
          queues.delete(salesPointId);
          entry.queue.dispose();
        }
      }, 0);
    };
  }, [salesPointId]);
  const state = useSyncExternalStore(queue.subscribe, queue.getState, queue.getState);
  return { queue, ...state };
}

export const catalogKey = (salesPointId: number) => ['pos', 'salespoints', salesPointId, 'catalog', 'till'] as const;

type CatalogAnswer = { catalog: PosCatalog; offline: boolean };

async function fetchCatalog(salesPointId: number, signal: AbortSignal): Promise<CatalogAnswer> {
  try {
    const catalog = await api.get<PosCatalog>(`/pos/salespoints/${salesPointId}/catalog`, { silent: true, signal });
    try {
      await saveCatalog(await tillDb(), salesPointId, catalog);
    } catch (error) {
      console.warn('[till] the catalogue could not be saved for offline use', error);
    }
    return { catalog, offline: false };
  } catch (error) {
    if (!isUnreachable(error)) throw error;
    const saved = await tillDb()
      .then((db) => loadCatalog(db, salesPointId))
      .catch(() => undefined);
    if (!saved) throw error;
    return { catalog: saved.catalog, offline: true };
  }
}

/** GET /pos/salespoints/:id/catalog; the saved copy (offline: true) when the api cannot be reached. */
export function useCachedCatalog(salesPointId: number): {
  catalog: PosCatalog | undefined;
  offline: boolean;
  isPending: boolean;
  error: unknown;
} {
  const query = useQuery({
    queryKey: catalogKey(salesPointId),
    queryFn: ({ signal }) => fetchCatalog(salesPointId, signal),
    // run even when the browser says it is offline: that is when the saved copy is needed
    networkMode: 'always',
    retry: (failures, error) => failures < 1 && !isRefusal(error) && !isUnreachable(error),
    // while on the saved copy, ask the api again now and then
    refetchInterval: (q) => (q.state.data?.offline ? 30_000 : false),
    enabled: Number.isInteger(salesPointId) && salesPointId > 0,
  });
  return { catalog: query.data?.catalog, offline: query.data?.offline ?? false, isPending: query.isPending, error: query.error };
}
