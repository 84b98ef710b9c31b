import type { Shop, User } from '../contracts/session';
import { currentShopId, hasAllPermissions, hasPermission, isOwnerOrIamOf, shopModuleActive } from './permissions';

const user = (role: User['role'], shops: User['shops']): User => ({ id: 1, username: 'u', email: 'u@x.fr', role, shops });

describe('hasPermission', () => {
  it('refuses anonymous and buyers', () => {
    expect(hasPermission(null, 1, 'seeAllOrder')).toBe(false);
    expect(hasPermission(undefined, 1, 'seeAllOrder')).toBe(false);
    expect(hasPermission(user('buyer', [{ id: 1 }]), 1, 'seeAllOrder')).toBe(false);
  });
  it('refuses a user who does not belong to the shop, or no shop id', () => {
    expect(hasPermission(user('owner', [{ id: 1 }]), 2, 'seeAllOrder')).toBe(false);
    expect(hasPermission(user('owner', [{ id: 1 }]), undefined, 'seeAllOrder')).toBe(false);
  });
  it('gives owners every permission, even with authorizations set', () => {
    expect(hasPermission(user('owner', [{ id: 1, authorizations: { seeAllOrder: false } }]), 1, 'seeAllOrder')).toBe(true);
  });
  it('checks the flag of that shop for others', () => {
    const iam = user('iam', [
      { id: 1, authorizations: { seeAllOrder: true, createOrder: false } },
      { id: 2, authorizations: { createOrder: true } },
    ]);
    expect(hasPermission(iam, 1, 'seeAllOrder')).toBe(true);
    expect(hasPermission(iam, 1, 'createOrder')).toBe(false);
    expect(hasPermission(iam, 1, 'seeAllStock')).toBe(false);
    expect(hasPermission(iam, 2, 'createOrder')).toBe(true);
    expect(hasPermission(iam, 2, 'seeAllOrder')).toBe(false);
  });
  it('allows everything without an authorizations object', () => {
    expect(hasPermission(user('iam', [{ id: 1 }]), 1, 'createCampaign')).toBe(true);
    expect(hasPermission(user('agent', [{ id: 1, authorizations: null }]), 1, 'createCampaign')).toBe(true);
  });
  it('hasAllPermissions needs every flag', () => {
    const iam = user('iam', [{ id: 1, authorizations: { seeAllOrder: true } }]);
    expect(hasAllPermissions(iam, 1, [])).toBe(true);
    expect(hasAllPermissions(iam, 1, ['seeAllOrder'])).toBe(true);
    expect(hasAllPermissions(iam, 1, ['seeAllOrder', 'createOrder'])).toBe(false);
  });
});

describe('isOwnerOrIamOf', () => {
  it('compares with the first shop id', () => {
    expect(isOwnerOrIamOf(user('owner', [{ id: 3 }, { id: 4 }]), 3)).toBe(true);
    expect(isOwnerOrIamOf(user('iam', [{ id: 3 }, { id: 4 }]), 4)).toBe(false);
    expect(isOwnerOrIamOf(user('agent', [{ id: 3 }]), 3)).toBe(false);
    expect(isOwnerOrIamOf(null, 3)).toBe(false);
    expect(isOwnerOrIamOf(user('owner', []), 3)).toBe(false);
  });
});

describe('shopModuleActive / currentShopId', () => {
  const shop = { integration: { crm: { active: true }, stocks: { active: false } } } as unknown as Shop;
  it('reads integration[module].active', () => {
    expect(shopModuleActive(shop, 'crm')).toBe(true);
    expect(shopModuleActive(shop, 'stocks')).toBe(false);
    expect(shopModuleActive(shop, 'ups')).toBe(false);
    expect(shopModuleActive(null, 'crm')).toBe(false);
  });
  it('prefers the loaded shop, else the first membership', () => {
    expect(currentShopId(user('iam', [{ id: 5 }]), { id: 9 })).toBe(9);
    expect(currentShopId(user('iam', [{ id: 5 }]), null)).toBe(5);
    expect(currentShopId(null, null)).toBeUndefined();
  });
});
