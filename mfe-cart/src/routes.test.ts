// Contract checks of this remote's route table and module (shared-kernel/testing), then spot
// checks of spec §2 "Route access by role".
import { describeRemoteContract, routeLookups } from 'shared-kernel/testing';
import routes from './routes';
import remoteModule, { NAMESPACE } from './module';

const { byPath } = routeLookups(routes);

describeRemoteContract(remoteModule, routes, NAMESPACE);

describe('spec §2 access spot checks (mfe-cart)', () => {
  it('the cart is for buyers, anonymous visitors, owners and iam, in the header-only layout', () => {
    expect([...byPath('/cart').roles].sort()).toEqual(['buyer', 'iam', 'owner', 'public']);
    expect(byPath('/cart').layout).toBe('headerOnly');
    expect(byPath('/cart').roles).not.toContain('agent');
  });

  it('3-D Secure validation is open to anonymous visitors and buyers', () => {
    expect(byPath('/validate3ds').roles).toEqual(['public', 'buyer']);
  });

  it('the grouped-order payer page is public, header-only and not searchable', () => {
    const r = byPath('/payment-group/:token');
    expect(r.roles).toEqual(['public', 'buyer']);
    expect(r.layout).toBe('headerOnly');
    expect(r.searchable).toBe(false);
    expect(r.title).toBe('Paiement partagé');
  });
});
