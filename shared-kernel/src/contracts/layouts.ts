// Zod-free on purpose: the shell imports LAYOUTS on every page (public pages must not download zod).

/** The eight layouts of spec §2. */
export const LAYOUTS = ['admin', 'auth', 'dashboard', 'editor', 'headerOnly', 'shops', 'tickets', 'default'] as const;
export type Layout = (typeof LAYOUTS)[number];
