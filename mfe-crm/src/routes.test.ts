// Contract checks of this remote's route table and module (shared-kernel/testing), then spot
// checks of spec §2 "Route access by role".
import { describeRemoteContract, routeLookups } from 'shared-kernel/testing';
import routes from './routes';
import remoteModule, { NAMESPACE } from './module';

const { byPath, menuOf } = routeLookups(routes);

describeRemoteContract(remoteModule, routes, NAMESPACE);

describe('spec §2 access spot checks (mfe-crm)', () => {
  it('tickets need seeAllMessages, for buyer, owner and iam, in the tickets layout', () => {
    expect(byPath('/tickets')).toMatchObject({
      layout: 'tickets',
      roles: ['buyer', 'owner', 'iam'],
      permissions: ['seeAllMessages'],
      title: 'Messagerie',
    });
  });

  it('clients and tasks are also open to agents; clients need the crm module', () => {
    expect(byPath('/dashboard/clients')).toMatchObject({
      roles: ['owner', 'iam', 'agent'],
      modules: ['crm'],
      permissions: ['seeAllClient'],
    });
    expect(byPath('/dashboard/clients/add').permissions).toEqual(['createClient']);
    expect(byPath('/dashboard/tasks').roles).toContain('agent');
  });

  it('agents, collaborators and analytics are owner/iam pages behind their module', () => {
    expect(byPath('/dashboard/agents')).toMatchObject({ roles: ['owner', 'iam'], modules: ['agents'], permissions: ['accessAgent'] });
    expect(byPath('/dashboard/collaborators')).toMatchObject({ modules: ['iam'], permissions: ['accessCollaborator'] });
    expect(byPath('/dashboard/analytics')).toMatchObject({ modules: ['analytics'], permissions: ['accessAnalytics'] });
    expect(byPath('/dashboard/analytics/budget').permissions).toEqual(['manageBudget']);
  });

  it('reproduces the CRM, Commercial and Rapports groups of the spec, in order', () => {
    expect(menuOf('crm').map((m) => m.label)).toEqual(['Clients', 'Opportunités', 'Prospection', 'Calendrier', 'Tâches']);
    expect(menuOf('commercial').map((m) => m.label)).toEqual(['Collaborateurs', 'Agents', 'Objectifs']);
    expect(menuOf('rapports').map((m) => m.label)).toEqual(['Rapports']);
    expect(menuOf('messagerie').map((m) => m.label)).toEqual(['Messagerie']);
    expect(menuOf('agent').map((m) => m.label)).toEqual(['Clients', 'Calendrier']);
    expect(menuOf('buyer').map((m) => m.label)).toEqual(['Messagerie']);
  });
});
