import * as domain from '../domain/access';
import type { MenuRoute, RouteAccess, SessionMasterAccount, SessionShop, SessionUser } from '../domain/access';
import { MENU_GROUPS, PERMISSIONS, ROUTE_ROLES, SHOP_MODULES, type ParsedRouteMeta, type RouteMeta } from './route-meta';
import { USER_ROLES, type MasterAccount, type Shop, type User } from './session';

// The access lists live in domain/access.ts (the bottom layer); the contracts must describe the same ones.
describe('contracts over the domain access lists', () => {
  it('lists the same roles, modules, permissions and menu groups', () => {
    expect([...ROUTE_ROLES]).toEqual([...domain.ROUTE_ROLES]);
    expect([...SHOP_MODULES]).toEqual([...domain.SHOP_MODULES]);
    expect([...PERMISSIONS]).toEqual([...domain.PERMISSIONS]);
    expect([...MENU_GROUPS]).toEqual([...domain.MENU_GROUPS]);
    expect(USER_ROLES).toBe(domain.USER_ROLES);
  });

  it('gives session and route contracts the shapes the domain rules read (compile-time)', () => {
    const user: SessionUser = {} as User;
    const shop: SessionShop = {} as Shop;
    const master: SessionMasterAccount = {} as MasterAccount;
    const route: RouteAccess = {} as RouteMeta;
    const menu: MenuRoute[] = [] as Array<RouteMeta | ParsedRouteMeta>;
    expect([user, shop, master, route, menu]).toHaveLength(5);
  });
});
