/** Staff members of the caller's shop (modules/agents). */
export { createAgentsRouter } from './agents.router';
