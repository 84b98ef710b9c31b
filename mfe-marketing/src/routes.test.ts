// Contract checks of this remote's route table and module (shared-kernel/testing), then spot
// checks of spec §2 "Route access by role".
import { describeRemoteContract, routeLookups } from 'shared-kernel/testing';
import { widgetMetaSchema } from 'shared-kernel/contracts';
import routes, { widgets } from './routes';
import remoteModule, { NAMESPACE } from './module';

const { byPath, menuOf } = routeLookups(routes);

describeRemoteContract(remoteModule, routes, NAMESPACE);

describe('spec §2 access spot checks (mfe-marketing)', () => {
  it('marketing pages are owner/iam behind the campaigns module', () => {
    for (const route of routes.filter((r) => r.path.startsWith('/dashboard/'))) {
      expect(route.roles).toEqual(['owner', 'iam']);
      expect(route.modules).toEqual(['campaigns']);
    }
    expect(byPath('/dashboard/crm/lists/add').permissions).toEqual(['createList']);
    expect(byPath('/dashboard/crm/campaigns').permissions).toEqual(['createCampaign']);
    expect(byPath('/dashboard/crm/models/:id').permissions).toEqual(['createModel']);
  });

  it('the two template editors use the editor layout', () => {
    expect(byPath('/dashboard/crm/models/:id/standard').layout).toBe('editor');
    expect(byPath('/dashboard/crm/models/:id/advanced').layout).toBe('editor');
    expect(byPath('/dashboard/crm/models').layout).toBe('dashboard');
  });

  it('reproduces the Marketing group of the spec, in order', () => {
    expect(menuOf('marketing').map((m) => m.label)).toEqual(['Listes', 'Campagnes', 'Modèles']);
  });

  it('the tracking opt-out page is public', () => {
    expect(byPath('/disable-tracking-notif').roles).toContain('public');
  });
});

describe('dashboard widgets (mfe-marketing)', () => {
  it.each(widgets.map((w) => [w.id, w] as const))(
    '%s validates against widgetMetaSchema and has its component in ./module',
    (id, widget) => {
      expect(widgetMetaSchema.safeParse(widget).error?.issues ?? []).toEqual([]);
      expect(remoteModule.widgets?.[id]).toBeTruthy();
    },
  );

  it('« Mes points de fidélité » is the buyer’s', () => {
    expect(widgets.find((w) => w.id === 'myLoyalty')).toMatchObject({ title: 'Mes points de fidélité', roles: ['buyer'] });
  });
});
