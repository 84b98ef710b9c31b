import type { AppDeps } from '../../platform/deps';
import { apiRouter, type ApiRouter } from '../../platform/routes';

/** The team module's routes (issue 13). */
export function createTeamRouter({ auth }: AppDeps): ApiRouter {
  const r = apiRouter(auth);
  return r;
}
