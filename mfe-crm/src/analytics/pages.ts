import type { LazyPage } from 'shared-kernel/contracts';

/** The analytics screens of mfe-crm, by route path (spread into ./module's `built`). */
export const pages: Record<string, LazyPage> = {};
