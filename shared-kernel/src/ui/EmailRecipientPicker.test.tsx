/** @jest-environment jsdom */
// §6 « Email picker suggestions load only with accessCollaborator and accessAgent »: the §5 email-recipient picker
// suggests the viewer's team (GET /v1/agents with the userType list they may read) and asks nothing otherwise.
import { useState } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { iamWith, renderPage, type SessionOption } from 'shared-kernel/testing';
import { EmailRecipientPicker } from './EmailRecipientPicker';

const TEAM = [
  { id: 2, username: 'Olivier Propriétaire', email: 'owner@demo.test', firstname: null, lastname: null, kind: 'owner' },
  { id: 4, username: 'Isabelle Collaboratrice', email: 'iam@demo.test', firstname: null, lastname: null, kind: 'iam' },
  { id: 5, username: 'Arnaud Agent', email: 'agent@demo.test', firstname: null, lastname: null, kind: 'agent' },
];

function Picker() {
  const [value, setValue] = useState<string[]>([]);
  return (
    <>
      <EmailRecipientPicker value={value} onChange={setValue} />
      <output data-testid="value">{value.join(',')}</output>
    </>
  );
}

const open = (session: SessionOption) =>
  renderPage(<Picker />, {
    route: '/dashboard/crm/campaigns/1',
    session,
    // the api answers what the rights allow (agents.service): the picker must only ask for those kinds
    api: {
      'GET /agents': (req) => {
        const kinds = JSON.parse(req.query.userType) as string[];
        return TEAM.filter((m) => kinds.includes(m.kind));
      },
    },
  });
const suggestions = () => screen.findByRole('group', { name: 'Suggestions de l’équipe' });

describe('EmailRecipientPicker: team suggestions', () => {
  it('suggests collaborators, agents and the owner to the owner, and adds the one clicked', async () => {
    const { api } = open('owner');
    const group = await suggestions();
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Olivier Propriétaire <owner@demo.test>', 'Isabelle Collaboratrice <iam@demo.test>', 'Arnaud Agent <agent@demo.test>']);
    expect(JSON.parse(api.callsTo('GET /agents')[0].query.userType)).toEqual(['iam', 'agent', 'owner']);
    fireEvent.click(within(group).getByRole('button', { name: /agent@demo\.test/ }));
    expect(screen.getByTestId('value')).toHaveTextContent('agent@demo.test');
    // an address already chosen is no longer suggested; typing narrows the rest
    expect(within(await suggestions()).queryByRole('button', { name: /agent@demo\.test/ })).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Ajouter une adresse mail'), { target: { value: 'isab' } });
    expect(
      within(await suggestions())
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Isabelle Collaboratrice <iam@demo.test>']);
  });

  it('asks only for collaborators (and the owner) with accessCollaborator alone', async () => {
    const { api } = open(iamWith({ accessCollaborator: true }));
    const group = await suggestions();
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Olivier Propriétaire <owner@demo.test>', 'Isabelle Collaboratrice <iam@demo.test>']);
    expect(JSON.parse(api.callsTo('GET /agents')[0].query.userType)).toEqual(['iam', 'owner']);
  });

  it('asks only for agents (and the owner) with accessAgent alone', async () => {
    const { api } = open(iamWith({ accessAgent: true }));
    await suggestions();
    expect(JSON.parse(api.callsTo('GET /agents')[0].query.userType)).toEqual(['agent', 'owner']);
  });

  it.each([
    ['an iam without accessCollaborator nor accessAgent', iamWith({ seeAllClient: true, createCampaign: true })],
    ['an agent', 'agent'],
    ['a buyer', 'buyer'],
  ] as const)('does not ask for %s', async (_who, session) => {
    const { api } = open(session);
    expect(screen.getByLabelText('Ajouter une adresse mail')).toBeInTheDocument();
    // let any request the picker would make go out
    await waitFor(() => expect(screen.getByLabelText('Ajouter une adresse mail')).toBeEnabled());
    await new Promise((r) => setTimeout(r, 50));
    expect(api.callsTo('GET /agents')).toHaveLength(0);
    expect(screen.queryByRole('group', { name: 'Suggestions de l’équipe' })).not.toBeInTheDocument();
  });
});
