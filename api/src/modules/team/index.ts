/** The team of a shop: collaborators and sales agents, invitations, roles, commission rates, objectives and commissions. */
export * from './team.tables';
export { createTeamRouter } from './team.router';
export { createTeamService, type TeamService } from './team.service';
