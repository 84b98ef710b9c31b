import type { LazyPage } from 'shared-kernel/contracts';

/** The agents screens of mfe-crm, by route path (spread into ./module's `built`). */
export const pages: Record<string, LazyPage> = {};
