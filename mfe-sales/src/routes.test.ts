// Contract checks of this remote's route table and module (shared-kernel/testing), then spot
// checks of spec §2 "Route access by role".
import { describeRemoteContract, routeLookups } from 'shared-kernel/testing';
import routes from './routes';
import remoteModule, { NAMESPACE } from './module';

const { byPath, menuOf } = routeLookups(routes);

describeRemoteContract(remoteModule, routes, NAMESPACE);

describe('spec §2 access spot checks (mfe-sales)', () => {
  it('the orders are open to buyer, owner, iam and agent', () => {
    for (const path of ['/dashboard/orders', '/dashboard/orders/:id']) {
      expect([...byPath(path).roles].sort()).toEqual(['agent', 'buyer', 'iam', 'owner']);
    }
    expect(byPath('/dashboard/orders').permissions).toEqual(['seeAllOrder']);
  });

  it('samples are also open to agents; sales documents are owner and iam only', () => {
    expect(byPath('/dashboard/orders/samples').roles).toContain('agent');
    expect(byPath('/dashboard/orders/bills')).toMatchObject({ roles: ['owner', 'iam'], permissions: ['billOrder'] });
    expect(byPath('/dashboard/orders/quotes').permissions).toEqual(['createQuote']);
  });

  it('reservations are for buyer, owner and iam, behind the reservations module', () => {
    expect(byPath('/dashboard/reservations')).toMatchObject({
      roles: ['buyer', 'owner', 'iam'],
      modules: ['reservations'],
      permissions: ['seeAllResa'],
    });
    expect(byPath('/dashboard/reservations').roles).not.toContain('agent');
    expect(byPath('/dashboard/reservations/events/add').permissions).toEqual(['createEvent']);
  });

  it('futures need the futures module and seeFutureOrder', () => {
    expect(byPath('/dashboard/futures')).toMatchObject({ modules: ['futures'], permissions: ['seeFutureOrder'] });
  });

  it('reproduces the Ventes group of the spec, in order', () => {
    expect(menuOf('ventes').map((m) => m.label)).toEqual([
      'Devis',
      'Commandes',
      'Factures',
      "Factures d'acompte",
      "Factures d'avoir",
      'Ventilations',
      'Primeurs',
      'Expéditions',
      'Encours',
      'Impayés',
      'Règlements',
      'Notes de crédit',
    ]);
  });

  it("its share of the Pré-comptabilité, Oenotourisme, buyer and agent menus in order (the Dashboard entries are the shell's)", () => {
    expect(menuOf('dashboard')).toEqual([]);
    expect(menuOf('precompta').map((m) => m.label)).toEqual(['Encours', 'Impayés', 'Règlements']);
    expect(menuOf('oenotourisme').map((m) => m.label)).toEqual(['Evénements', 'Prise de Réservations']);
    expect(menuOf('buyer').map((m) => m.label)).toEqual(['Commandes', 'Réservations']);
    expect(menuOf('agent').map((m) => m.label)).toEqual(['Commandes', 'Échantillons']);
  });
});
