// Contract checks of this remote's route table and module (shared-kernel/testing), then spot
// checks of spec §2 "Route access by role".
import { describeRemoteContract, routeLookups } from 'shared-kernel/testing';
import routes from './routes';
import remoteModule, { NAMESPACE } from './module';

const { byPath, menuOf } = routeLookups(routes);

describeRemoteContract(remoteModule, routes, NAMESPACE);

describe('spec §2 access spot checks (mfe-auth)', () => {
  it('admin pages are for superAdmin only, in the admin layout, with the Admin menu entry', () => {
    for (const path of ['/admin', '/admin/users', '/admin/orders', '/admin/products', '/admin/shops']) {
      expect(byPath(path).roles).toEqual(['superAdmin']);
      expect(byPath(path).layout).toBe('admin');
    }
    expect(menuOf('admin').map((m) => [m.label, m.path])).toEqual([['Admin', '/admin']]);
  });

  it('login and register pages are guest-only; reset and validation links are not', () => {
    for (const path of [
      '/auth',
      '/auth/login',
      '/auth/register',
      '/auth/register/buyer',
      '/auth/register-wineriz',
      '/auth/register-wineriz/agent',
      '/auth/register-wineriz/seller',
    ]) {
      expect(byPath(path)).toMatchObject({ layout: 'auth', roles: ['public'], guestOnly: true });
    }
    for (const path of ['/auth/resetpwd', '/auth/validate']) {
      expect(byPath(path).guestOnly).toBeFalsy();
      expect(byPath(path).roles).toContain('public');
    }
  });

  it('the API key page is for owner and iam; settings are in the seller, buyer and agent menus', () => {
    expect(byPath('/get-api-key').roles).toEqual(['owner', 'iam']);
    expect(byPath('/dashboard/settings').roles).toEqual(['buyer', 'owner', 'iam', 'agent']);
    expect(byPath('/dashboard/settings').menu?.map((m) => [m.group, m.label])).toEqual([
      ['parametres', 'Paramètres'],
      ['buyer', 'Paramètres'],
      ['agent', 'Paramètres'],
    ]);
  });
});
