import type { AppDeps } from '../../platform/deps';
import { apiRouter, type ApiRouter } from '../../platform/routes';

/** The excise module's routes (issue 12). */
export function createExciseRouter({ auth }: AppDeps): ApiRouter {
  const r = apiRouter(auth);
  return r;
}
