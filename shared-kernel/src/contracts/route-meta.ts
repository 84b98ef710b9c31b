import { z } from 'zod';

import { LAYOUTS, type Layout } from './layouts';
import { MENU_GROUPS, PERMISSIONS, ROUTE_ROLES, SHOP_MODULES } from '../domain/access';

// the access lists live in domain (the bottom layer); contracts build their schemas from them
export { MENU_GROUPS, PERMISSIONS, ROUTE_ROLES, SHOP_MODULES };

export { LAYOUTS, type Layout };
export const layoutSchema = z.enum(LAYOUTS);

/**
 * Who may open a route. 'public' = an anonymous visitor (spec: "cart buyer, public, owner, iam").
 * 'superAdmin' = a user whose account is flagged super admin.
 */
export const routeRoleSchema = z.enum(ROUTE_ROLES);
export type RouteRole = z.infer<typeof routeRoleSchema>;

/** §1 module switches a shop can turn on or off (shop.integration[module].active). */
export const shopModuleSchema = z.enum(SHOP_MODULES);
export type ShopModule = z.infer<typeof shopModuleSchema>;

/** §6 permission flags (iam authorizations). */
export const permissionSchema = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof permissionSchema>;

/** Sidebar groups of spec §2, in display order. 'buyer' and 'agent' are the flat role menus. */
export const menuGroupSchema = z.enum(MENU_GROUPS);
export type MenuGroup = z.infer<typeof menuGroupSchema>;

export const menuEntrySchema = z.object({
  group: menuGroupSchema,
  /** i18n key of the entry label (the remote ships the fr/en texts). */
  labelKey: z.string(),
  /** French label, used when the translation is not loaded yet (the shell builds menus without remote code). */
  label: z.string(),
  labelEn: z.string().optional(),
  order: z.number(),
  icon: z.string().optional(),
  /** External link opened in a new tab (Centre d'aide, Nouveautés). */
  href: z.string().optional(),
});
export type MenuEntry = z.infer<typeof menuEntrySchema>;

export const routeMetaSchema = z.object({
  /** react-router path, e.g. '/dashboard/orders/:id'. */
  path: z.string().startsWith('/'),
  layout: layoutSchema,
  /** Allowed user types. Empty with public=true means everyone. */
  roles: z.array(routeRoleSchema),
  /** Every listed permission is required for iam (owners have all). */
  permissions: z.array(permissionSchema).default([]),
  /** Every listed module must be active in the shop for owner/iam. */
  modules: z.array(shopModuleSchema).default([]),
  /** i18n key of the page title, and its French text. */
  titleKey: z.string(),
  title: z.string(),
  titleEn: z.string().optional(),
  /** Guest-only pages (login, register…) send a logged-in user home. */
  guestOnly: z.boolean().optional(),
  /** Menu entries this route contributes; a route may appear in several role menus. */
  menu: z.array(menuEntrySchema).optional(),
  /** Listed in the 'Aller à' search (defaults to true for non-parameterised paths). */
  searchable: z.boolean().optional(),
});
export type RouteMeta = z.input<typeof routeMetaSchema>;
export type ParsedRouteMeta = z.output<typeof routeMetaSchema>;

/**
 * A dashboard widget a remote contributes to the home screen (/dashboard, DESIGN §8). Declared like a route (who
 * may see it: roles, §6 permissions, §1 modules) so the shell shows only what the viewer may see without loading
 * the remote's code; the component is `module.widgets[id]` of the remote's `./module`.
 */
export const widgetMetaSchema = z.object({
  /** Key of the component in the remote module's `widgets`. */
  id: z.string().regex(/^[a-zA-Z][\w-]*$/),
  /** French title of the widget card (the dashboard is French, §9). */
  title: z.string(),
  roles: z.array(routeRoleSchema).min(1),
  permissions: z.array(permissionSchema).default([]),
  modules: z.array(shopModuleSchema).default([]),
  /** Position on the home screen, smallest first. */
  order: z.number(),
  /** Columns of the 2-column grid it spans on wide screens. */
  span: z.union([z.literal(1), z.literal(2)]).default(1),
});
export type WidgetMeta = z.input<typeof widgetMetaSchema>;
export type ParsedWidgetMeta = z.output<typeof widgetMetaSchema>;

/**
 * A section of the settings page (/dashboard/settings?link=<key>, DESIGN §8) a remote contributes: a section lives in
 * the remote that owns its domain, so a team changes its settings by releasing its own remote. Declared like a widget
 * (the settings page lists what the viewer may open without loading any remote's code); the component is
 * `module.settingsSections[key]` of the remote's `./module`. Who may open it is the rule of
 * shared-kernel/domain section-access.ts (`canOpenSection`).
 */
export const settingsSectionMetaSchema = z.object({
  /** The `?link=` value, also the key of the component in the remote module's `settingsSections`. */
  key: z.string().regex(/^[a-zA-Z][\w-]*$/),
  /** French title, in the menu and the page heading (« Paramètres — Facturation »). */
  title: z.string().min(1),
  titleEn: z.string().min(1),
  /** Who may open it (a signed-in role: the settings page is never public). */
  roles: z.array(routeRoleSchema).min(1),
  /**
   * §6 rights: the viewer needs AT LEAST ONE of them (unlike a route, which needs every one): a section shows what any
   * of several rights lets one read. Empty = none needed. Owners hold every right of their shop.
   */
  permissions: z.array(permissionSchema).default([]),
  /** §1 modules that must all be active in the shop (owner and iam). */
  modules: z.array(shopModuleSchema).default([]),
  /** Position in the settings menu, smallest first (across every remote). */
  order: z.number(),
});
export type SettingsSectionMeta = z.input<typeof settingsSectionMetaSchema>;
export type ParsedSettingsSectionMeta = z.output<typeof settingsSectionMetaSchema>;

/**
 * A remote's build metadata (its `dist/routes.json`): the routes, and the dashboard widgets and settings sections when
 * it has any. A bare RouteMeta[] (remotes built before widgets existed) is read as `{ routes, widgets: [],
 * settingsSections: [] }`.
 */
export const remoteBuildMetaSchema = z.union([
  z
    .array(routeMetaSchema)
    .transform((routes) => ({ routes, widgets: [] as ParsedWidgetMeta[], settingsSections: [] as ParsedSettingsSectionMeta[] })),
  z.object({
    routes: z.array(routeMetaSchema),
    widgets: z.array(widgetMetaSchema).default([]),
    settingsSections: z.array(settingsSectionMetaSchema).default([]),
  }),
]);
export type RemoteBuildMeta = z.output<typeof remoteBuildMetaSchema>;

/** One entry of GET /remotes.json. */
export const remoteEntrySchema = z.object({
  name: z.string(),
  /** Module Federation manifest URL, e.g. '/apps/mfe-auth/mf-manifest.json'. */
  entry: z.string(),
  routes: z.array(routeMetaSchema),
  /** Dashboard widgets (the gateway always lists them; absent = none). */
  widgets: z.array(widgetMetaSchema).optional(),
  /** Settings sections (the gateway always lists them; absent = none). */
  settingsSections: z.array(settingsSectionMetaSchema).optional(),
});
export const remotesRegistrySchema = z.object({
  version: z.string(),
  remotes: z.array(remoteEntrySchema),
});
export type RemoteRegistryEntry = z.output<typeof remoteEntrySchema>;
export type RemotesRegistry = z.output<typeof remotesRegistrySchema>;
