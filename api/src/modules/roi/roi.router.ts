import type { AppDeps } from '../../platform/deps';
import { apiRouter, type ApiRouter } from '../../platform/routes';

/** The public ROI simulator's routes (issue 17). */
export function createRoiRouter({ auth }: AppDeps): ApiRouter {
  const r = apiRouter(auth);
  return r;
}
