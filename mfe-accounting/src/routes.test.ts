// Contract checks of this remote's route table and module (shared-kernel/testing), then spot
// checks of spec §2 "Route access by role".
import { describeRemoteContract, routeLookups } from 'shared-kernel/testing';
import routes from './routes';
import remoteModule, { NAMESPACE } from './module';

const { byPath, menuOf } = routeLookups(routes);

describeRemoteContract(remoteModule, routes, NAMESPACE);

describe('spec §2 access spot checks (mfe-accounting)', () => {
  it('accounting pages are owner/iam behind the accounting module', () => {
    expect(byPath('/dashboard/accounting/codes')).toMatchObject({
      roles: ['owner', 'iam'],
      modules: ['accounting'],
      permissions: ['editAccountingCodes'],
    });
    expect(byPath('/dashboard/accounting/journals')).toMatchObject({
      roles: ['owner', 'iam'],
      modules: ['accounting'],
      permissions: ['accessAccounting'],
    });
  });

  it('ends the Pré-comptabilité group with Journaux then Codes comptables (after Encours 1, Impayés 2, Règlements 3 of mfe-sales)', () => {
    expect(menuOf('precompta').map((m) => [m.label, m.order])).toEqual([
      ['Journaux', 4],
      ['Codes comptables', 5],
    ]);
  });
});
