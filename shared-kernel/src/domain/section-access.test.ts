import type { Shop, User } from '../contracts/session';
import { canOpenSection, meets, rightsOf, sectionAccess } from './section-access';

const user = (role: User['role'], shops: User['shops'] = [{ id: 1 }]): User => ({ id: 1, username: 'u', email: 'u@x.fr', role, shops });
const shop = { id: 1 } as Pick<Shop, 'id'>;
const iam = (authorizations: User['shops'][number]['authorizations']) => user('iam', [{ id: 1, authorizations }]);

describe('meets', () => {
  it('anyone: every signed-in user, never an anonymous one', () => {
    for (const role of ['buyer', 'owner', 'iam', 'agent', 'superAdmin'] as const) expect(meets('anyone', user(role), shop)).toBe(true);
    expect(meets('anyone', null, null)).toBe(false);
  });
  it('member: the owner and every iam; owner: the owner alone', () => {
    expect(['buyer', 'owner', 'iam', 'agent'].map((r) => meets('member', user(r as User['role']), shop))).toEqual([
      false,
      true,
      true,
      false,
    ]);
    expect(['buyer', 'owner', 'iam', 'agent'].map((r) => meets('owner', user(r as User['role']), shop))).toEqual([
      false,
      true,
      false,
      false,
    ]);
  });
  it('a list: the owner of the shop, or an iam holding at least one of the rights', () => {
    expect(meets(['seeAllPrice', 'seeAllClient'], user('owner'), shop)).toBe(true);
    expect(meets(['seeAllPrice', 'seeAllClient'], iam({ seeAllClient: true }), shop)).toBe(true);
    expect(meets(['seeAllPrice', 'seeAllClient'], iam({ createOrder: true }), shop)).toBe(false);
    expect(meets(['seeAllPrice'], user('buyer'), shop)).toBe(false);
    // no loaded shop: the rights of their first shop
    expect(meets(['seeAllPrice'], iam({ seeAllPrice: true }), null)).toBe(true);
    expect(meets(['seeAllPrice'], iam({ seeAllPrice: true }), { id: 2 })).toBe(false);
  });
  it('rightsOf: changing needs reading', () => {
    const access = { read: ['seeAllClient'], write: 'member' } as const;
    expect(rightsOf(access, iam({ seeAllClient: true }), shop)).toEqual({ read: true, write: true });
    expect(rightsOf(access, iam({}), shop)).toEqual({ read: false, write: false });
  });
});

describe('canOpenSection (the metadata a remote declares)', () => {
  it('is meets for the metadata of each need', () => {
    expect(sectionAccess('owner')).toEqual({ roles: ['owner'] });
    expect(sectionAccess(['manageDelivery'])).toEqual({ roles: ['owner', 'iam'], permissions: ['manageDelivery'] });
    expect(canOpenSection({ roles: ['owner', 'iam'], permissions: ['manageDelivery'] }, iam({}), shop)).toBe(false);
    expect(canOpenSection({ roles: ['owner', 'iam'], permissions: ['manageDelivery'] }, iam({ manageDelivery: true }), shop)).toBe(true);
  });
  it('needs every listed module active for the owner and the iam', () => {
    const section = { roles: ['owner', 'iam'] as const, modules: ['accounting'] as const };
    expect(canOpenSection(section, user('owner'), { id: 1 })).toBe(false);
    expect(canOpenSection(section, user('owner'), { id: 1, integration: { accounting: { active: true } } })).toBe(true);
  });
});
