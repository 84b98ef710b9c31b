import { lazy } from 'react';
import type { LazyPage } from 'shared-kernel/contracts';

/** The stocks screens of mfe-stock, by route path (spread into ./module's `built`). */
export const pages: Record<string, LazyPage> = {
  '/dashboard/stocks': lazy(() => import('./list/StocksListPage')),
  '/dashboard/stocks/add': lazy(() => import('./movements/MovementAddPage')),
  '/dashboard/stocks/movements': lazy(() => import('./movements/MovementsListPage')),
  '/dashboard/stocks/warehouses': lazy(() => import('./warehouses/WarehousesPage')),
  '/dashboard/stocks/allocations': lazy(() => import('./allocations/AllocationsPage')),
  '/dashboard/stocks/:id': lazy(() => import('./detail/StockDetailPage')),
};
