import { TEAM_MESSAGES as M } from 'shared-kernel/contracts';
import type { AppDeps } from '../../platform/deps';
import type { ListQuery } from '../../platform/list-query';
import { apiRouter, defineRoute, idParams, json, type ApiRouter } from '../../platform/routes';
import {
  agentDetailSchema,
  agentListSchema,
  agentSearchSchema,
  attachAgentBodySchema,
  inviteAgentBodySchema,
  inviteCollaboratorBodySchema,
  invitationsQuery,
  pendingInvitationsSchema,
  listMembersQuery,
  memberListSchema,
  permissionsBodySchema,
  searchAgentsQuery,
  teamMemberSchema,
  writeAnswerSchema,
} from './team.schemas';
import { createTeamService } from './team.service';
import type { TeamKind } from './team.tables';

const collaboratorId = idParams(M.collaboratorNotFound);
const agentId = idParams(M.agentNotFound);
const invitationId = idParams(M.invitationNotFound);

/**
 * The team module's routes: collaborators (iam memberships) and sales agents (agent memberships) of the
 * caller's shop, their invitations and rights. Ids are user ids; another shop's member → 404.
 */
export function createTeamRouter({ db, auth, config }: AppDeps): ApiRouter {
  const r = apiRouter(auth);
  const service = createTeamService({ db, cfg: config.accounts });
  const base = { auth: 'user' as const, tags: ['team'] };
  const readCollab = { ...base, shop: { anyOf: ['accessCollaborator' as const] } };
  const writeCollab = { ...base, shop: { anyOf: ['createCollaborator' as const] } };
  const readAgent = { ...base, shop: { anyOf: ['accessAgent' as const] } };
  const writeAgent = { ...base, shop: { anyOf: ['createAgent' as const] } };

  // ---- collaborators
  defineRoute(
    r,
    {
      ...readCollab,
      method: 'get',
      path: '/team/collaborators',
      summary: 'Collaborators (iam) of the caller’s shop: status active / invited / suspended, granted flags, preset',
      request: { query: listMembersQuery },
      responses: { 200: json(memberListSchema, 'A page of collaborators') },
    },
    ({ member, query }) => service.list(member, 'iam', query as ListQuery),
  );
  defineRoute(
    r,
    {
      ...readCollab,
      method: 'get',
      path: '/team/collaborators/:id',
      summary: 'A collaborator (user id)',
      request: { params: collaboratorId },
      responses: { 200: json(teamMemberSchema, 'The collaborator'), 404: `'${M.collaboratorNotFound}'` },
    },
    ({ member, params }) => service.get(member, params.id),
  );
  defineRoute(
    r,
    {
      ...writeCollab,
      method: 'post',
      path: '/team/collaborators',
      summary:
        'Invite a collaborator: an existing account is attached at once and mailed a notice; otherwise an account is created, ' +
        'the invitation recorded and a password link mailed. An iam grants only flags he holds',
      request: { body: inviteCollaboratorBodySchema },
      responses: { 201: json(writeAnswerSchema, 'Invited'), 409: `'${M.alreadyMember}'` },
    },
    ({ member, body }) => service.invite(member, 'iam', body),
  );
  defineRoute(
    r,
    {
      ...writeCollab,
      method: 'put',
      path: '/team/collaborators/:id/permissions',
      summary: 'Set the §6 flags of a collaborator (not one’s own; an iam grants only flags he holds)',
      request: { params: collaboratorId, body: permissionsBodySchema },
      responses: { 200: json(writeAnswerSchema, 'Saved'), 404: `'${M.collaboratorNotFound}'` },
    },
    ({ member, params, body }) => service.setPermissions(member, params.id, body.permissions),
  );

  // ---- agents
  defineRoute(
    r,
    {
      ...readAgent,
      method: 'get',
      path: '/team/agents',
      summary: 'Sales agents of the caller’s shop with their clients count, orders count and revenue excl. VAT',
      request: { query: listMembersQuery },
      responses: { 200: json(agentListSchema, 'A page of agents') },
    },
    ({ member, query }) => service.listAgents(member, query as ListQuery),
  );
  defineRoute(
    r,
    {
      ...readAgent,
      method: 'get',
      path: '/team/agents/search',
      summary:
        'Find agent accounts of the platform not yet in the shop: q on the name or email, department = the French department ' +
        'of their delivery (else billing) address zipcode',
      request: { query: searchAgentsQuery },
      responses: { 200: json(agentSearchSchema, 'Up to 50 agents') },
    },
    ({ member, query }) => service.searchAgents(member, query),
  );
  defineRoute(
    r,
    {
      ...writeAgent,
      method: 'post',
      path: '/team/agents/attach',
      summary: 'Attach an agent account found by the search to the shop (mailed a notice)',
      request: { body: attachAgentBodySchema },
      responses: { 201: json(writeAnswerSchema, 'Attached'), 404: `'${M.agentNotFound}'`, 409: `'${M.alreadyMember}'` },
    },
    ({ member, body }) => service.attachAgent(member, body.userId),
  );
  defineRoute(
    r,
    {
      ...readAgent,
      method: 'get',
      path: '/team/agents/:id',
      summary: 'An agent: identity, stats, assigned clients and credited orders',
      request: { params: agentId },
      responses: { 200: json(agentDetailSchema, 'The agent'), 404: `'${M.agentNotFound}'` },
    },
    ({ member, params }) => service.getAgent(member, params.id),
  );
  defineRoute(
    r,
    {
      ...writeAgent,
      method: 'post',
      path: '/team/agents',
      summary: 'Invite a sales agent by email (same flow as collaborators, membership kind agent)',
      request: { body: inviteAgentBodySchema },
      responses: { 201: json(writeAnswerSchema, 'Invited'), 409: `'${M.alreadyMember}'` },
    },
    ({ member, body }) => service.invite(member, 'agent', body),
  );

  // ---- suspend / reactivate / remove, for both kinds
  const kinds: Array<{ kind: TeamKind; path: string; scope: typeof writeCollab | typeof writeAgent; params: typeof collaboratorId }> = [
    { kind: 'iam', path: '/team/collaborators', scope: writeCollab, params: collaboratorId },
    { kind: 'agent', path: '/team/agents', scope: writeAgent, params: agentId },
  ];
  for (const k of kinds) {
    const notFoundDoc = `'${k.kind === 'iam' ? M.collaboratorNotFound : M.agentNotFound}'`;
    defineRoute(
      r,
      {
        ...k.scope,
        method: 'post',
        path: `${k.path}/:id/suspend`,
        summary: 'Suspend the member: their access to the shop stops at once (not one’s own)',
        request: { params: k.params },
        responses: { 200: json(writeAnswerSchema, 'Suspended'), 404: notFoundDoc },
      },
      ({ member, params }) => service.setSuspended(member, k.kind, params.id, true),
    );
    defineRoute(
      r,
      {
        ...k.scope,
        method: 'post',
        path: `${k.path}/:id/reactivate`,
        summary: 'Reactivate a suspended member',
        request: { params: k.params },
        responses: { 200: json(writeAnswerSchema, 'Reactivated'), 404: notFoundDoc },
      },
      ({ member, params }) => service.setSuspended(member, k.kind, params.id, false),
    );
    defineRoute(
      r,
      {
        ...k.scope,
        method: 'delete',
        path: `${k.path}/:id`,
        summary: 'Remove the member from the shop (the membership, never the account)',
        request: { params: k.params },
        responses: { 200: json(writeAnswerSchema, 'Removed'), 404: notFoundDoc },
      },
      ({ member, params }) => service.remove(member, k.kind, params.id),
    );
  }

  // ---- invitations (createCollaborator or createAgent, checked per invitation kind)
  const writeAny = { ...base, shop: { anyOf: ['createCollaborator' as const, 'createAgent' as const] } };
  defineRoute(
    r,
    {
      ...base,
      shop: { anyOf: ['accessCollaborator', 'accessAgent'] },
      method: 'get',
      path: '/team/invitations',
      summary: 'Pending invitations of the caller’s shop, of one kind (iam: accessCollaborator, agent: accessAgent)',
      request: { query: invitationsQuery },
      responses: { 200: json(pendingInvitationsSchema, 'Pending invitations, newest first') },
    },
    ({ member, query }) => service.invitations(member, query.kind),
  );
  defineRoute(
    r,
    {
      ...writeAny,
      method: 'post',
      path: '/team/invitations/:id/resend',
      summary: 'Mail a pending invitation again (a new password link), renewing it',
      request: { params: invitationId },
      responses: { 200: json(writeAnswerSchema, 'Resent'), 404: `'${M.invitationNotFound}'` },
    },
    ({ member, params }) => service.resendInvitation(member, params.id),
  );
  defineRoute(
    r,
    {
      ...writeAny,
      method: 'delete',
      path: '/team/invitations/:id',
      summary: 'Revoke a pending invitation: the invitee’s membership is removed',
      request: { params: invitationId },
      responses: { 200: json(writeAnswerSchema, 'Revoked'), 404: `'${M.invitationNotFound}'` },
    },
    ({ member, params }) => service.revokeInvitation(member, params.id),
  );
  return r;
}
