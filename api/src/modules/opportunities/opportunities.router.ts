import type { AppDeps } from '../../platform/deps';
import { apiRouter, type ApiRouter } from '../../platform/routes';

/** The opportunities module's routes (issue 13). */
export function createOpportunitiesRouter({ auth }: AppDeps): ApiRouter {
  const r = apiRouter(auth);
  return r;
}
