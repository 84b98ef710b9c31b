import type { AppDeps } from '../../platform/deps';
import { apiRouter, type ApiRouter } from '../../platform/routes';

/** The analytics module's routes (issue 13). */
export function createAnalyticsRouter({ auth }: AppDeps): ApiRouter {
  const r = apiRouter(auth);
  return r;
}
