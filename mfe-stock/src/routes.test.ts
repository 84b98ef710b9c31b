// Contract checks of this remote's route table and module (shared-kernel/testing), then spot
// checks of spec §2 "Route access by role".
import { describeRemoteContract, routeLookups } from 'shared-kernel/testing';
import routes from './routes';
import remoteModule, { NAMESPACE } from './module';

const { byPath, menuOf } = routeLookups(routes);

describeRemoteContract(remoteModule, routes, NAMESPACE);

describe('spec §2 access spot checks (mfe-stock)', () => {
  it('products and tarifs are also open to agents', () => {
    expect(byPath('/dashboard/products').roles).toEqual(['owner', 'iam', 'agent']);
    expect(byPath('/dashboard/products').permissions).toEqual(['seeAllProduct']);
    expect(byPath('/dashboard/tarifs').roles).toContain('agent');
  });

  it('stocks are owner/iam pages behind the stocks module; purchasing behind the purchase module', () => {
    expect(byPath('/dashboard/stocks')).toMatchObject({ roles: ['owner', 'iam'], modules: ['stocks'], permissions: ['seeAllStock'] });
    expect(byPath('/dashboard/stocks/warehouses').permissions).toEqual(['createWarehouse']);
    expect(byPath('/dashboard/suppliers')).toMatchObject({ modules: ['purchase'], permissions: ['seeSupplier'] });
    expect(byPath('/dashboard/purchases')).toMatchObject({ modules: ['purchase'], permissions: ['seeSupplierOrder'] });
  });

  it('reproduces its share of the Articles group and the Achats group, in order', () => {
    expect(menuOf('articles').map((m) => m.label)).toEqual(['Catalogue', 'Entrepôts', 'Stocks', 'Mouvements', 'Tarifs']);
    expect(menuOf('achats').map((m) => m.label)).toEqual(['Fournisseurs', 'Commandes fournisseurs', 'Factures fournisseurs']);
    expect(menuOf('agent').map((m) => m.label)).toEqual(['Catalogue']);
  });
});
