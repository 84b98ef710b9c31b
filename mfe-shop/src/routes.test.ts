// Contract checks of this remote's route table and module (shared-kernel/testing), then spot
// checks of spec §2 "Route access by role".
import { describeRemoteContract, routeLookups } from 'shared-kernel/testing';
import routes from './routes';
import remoteModule, { NAMESPACE } from './module';

const { byPath, menuOf } = routeLookups(routes);

describeRemoteContract(remoteModule, routes, NAMESPACE);

describe('spec §2 access spot checks (mfe-shop)', () => {
  it('only agents may create a shop', () => {
    expect(byPath('/shops/add').roles).toEqual(['agent']);
  });

  it('shop pages are public and open to every role, in the shops layout', () => {
    for (const path of [
      '/shops',
      '/shops/:id',
      '/shops/:id/:product',
      '/shops/:id/legal-notice',
      '/shops/:id/builders',
      '/shops/:id/builders/:builder',
      '/shops/:id/builders/:builder/:product',
      '/:name',
      '/:name/legal-notice',
      '/:name/nutritiveValues',
      '/:name/:product',
    ]) {
      expect(byPath(path).layout).toBe('shops');
      expect(byPath(path).roles).toEqual(expect.arrayContaining(['public', 'buyer', 'owner', 'iam', 'agent']));
    }
  });

  it('declares the GS1 page with its optional vintage and lot segments', () => {
    for (const path of [
      '/gs1/01/:ean',
      '/gs1/01/:ean/22/:vintage',
      '/gs1/01/:ean/10/:lotNumber',
      '/gs1/01/:ean/22/:vintage/10/:lotNumber',
    ]) {
      expect(byPath(path).roles).toContain('public');
    }
  });

  it('the help page carries the two aide entries, opened in a new tab by href: the help centre and its changelog', () => {
    expect(menuOf('aide').map((m) => [m.label, m.href])).toEqual([
      ["Centre d'aide", '/help'],
      ['Nouveautés', '/help?tab=changelog'],
    ]);
  });

  it('customisation needs the shop module, in the editor layout, for owner and iam', () => {
    expect(byPath('/dashboard/customize')).toMatchObject({ layout: 'editor', roles: ['owner', 'iam'], modules: ['shop'] });
    expect(menuOf('boutique').map((m) => m.label)).toEqual(['Boutique en ligne', 'Iframes']);
    expect(byPath('/dashboard/iframes')).toMatchObject({ layout: 'dashboard', roles: ['owner', 'iam'], modules: ['iframes'] });
    expect(byPath('/dashboard/iframes/:id').modules).toEqual(['iframes']);
  });

  it('the shops list is Producteurs for agents and Boutique(s) en ligne for buyers', () => {
    expect(menuOf('agent').map((m) => m.label)).toEqual(['Producteurs']);
    expect(menuOf('buyer').map((m) => m.label)).toEqual(['Boutique(s) en ligne']);
  });
});
