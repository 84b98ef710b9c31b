// Contract checks of this remote's route table and module (shared-kernel/testing), then spot
// checks of spec §2 "Route access by role".
import { describeRemoteContract, routeLookups } from 'shared-kernel/testing';
import routes from './routes';
import remoteModule, { NAMESPACE } from './module';

const { menuOf } = routeLookups(routes);

describeRemoteContract(remoteModule, routes, NAMESPACE);

describe('spec §2 access spot checks (mfe-pos)', () => {
  it('sales points are owner/iam pages behind the salesPoint module', () => {
    for (const route of routes) {
      expect(route).toMatchObject({ roles: ['owner', 'iam'], modules: ['salesPoint'], permissions: ['createOrderSalesPoint'] });
    }
    expect(menuOf('caisse').map((m) => [m.label, m.path])).toEqual([['Caisse', '/dashboard/salespoints']]);
  });
});
