import type { AppDeps } from '../../platform/deps';
import { apiRouter, type ApiRouter } from '../../platform/routes';

/** The platform operator's routes (issue 17): /v1/admin/* (superAdmin only). */
export function createAdminRouter({ auth }: AppDeps): ApiRouter {
  const r = apiRouter(auth);
  return r;
}
