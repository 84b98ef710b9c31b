import { lazy } from 'react';
import type { LazyPage } from 'shared-kernel/contracts';

/** The purchasing screens of mfe-stock, by route path (spread into ./module's `built`). */
export const pages: Record<string, LazyPage> = {
  '/dashboard/suppliers': lazy(() => import('./suppliers/list/SuppliersListPage')),
  '/dashboard/suppliers/add': lazy(() => import('./suppliers/form/SupplierAddPage')),
  '/dashboard/suppliers/:id': lazy(() => import('./suppliers/detail/SupplierDetailPage')),
  '/dashboard/purchases': lazy(() => import('./purchases/list/PurchasesListPage')),
  '/dashboard/purchases/add': lazy(() => import('./purchases/form/PurchaseAddPage')),
  '/dashboard/purchases/invoices': lazy(() => import('./invoices/list/SupplierInvoicesListPage')),
  '/dashboard/purchases/invoices/:id': lazy(() => import('./invoices/detail/SupplierInvoiceDetailPage')),
  '/dashboard/purchases/:id': lazy(() => import('./purchases/detail/PurchaseDetailPage')),
};
