// Contract checks of this remote's route table and module (shared-kernel/testing), then spot
// checks of spec §2 "Route access by role".
import { settingsSectionMetaSchema } from 'shared-kernel/contracts';
import { describeRemoteContract, routeLookups } from 'shared-kernel/testing';
import routes, { settingsSections } from './routes';
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

describe('settings sections (mfe-auth)', () => {
  it('are valid, each lent by ./module under its key, and nothing else', () => {
    for (const section of settingsSections) expect(settingsSectionMetaSchema.safeParse(section).error?.issues ?? []).toEqual([]);
    expect(Object.keys(remoteModule.settingsSections ?? {}).sort()).toEqual(settingsSections.map((s) => s.key).sort());
  });

  it('keep the menu order of the spec, and their English titles written out (but for the same words)', () => {
    expect([...settingsSections].sort((a, b) => a.order - b.order).map((s) => s.key)).toEqual([
      'account',
      'infos',
      'roles',
      'integrations',
    ]);
    // the domain sections are their remote's (mfe-sales, mfe-crm, mfe-stock, mfe-accounting, mfe-marketing, mfe-shop)
    expect(settingsSections.filter((s) => s.titleEn === s.title).map((s) => s.key)).toEqual([]);
  });

  it('keep the access of the api: the account for everyone signed in, the shop’s sections for its team by their rights', () => {
    const byKey = Object.fromEntries(settingsSections.map((s) => [s.key, [s.roles, s.permissions ?? []]]));
    expect(byKey.account).toEqual([['buyer', 'owner', 'iam', 'agent', 'superAdmin'], []]);
    expect(byKey.infos).toEqual([['owner', 'iam'], []]);
    expect(byKey.roles).toEqual([['owner', 'iam'], ['accessCollaborator']]);
    expect(byKey.integrations).toEqual([['owner', 'iam'], []]);
  });
});
