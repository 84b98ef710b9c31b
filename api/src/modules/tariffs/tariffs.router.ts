import type { AppDeps } from '../../platform/deps';
import { apiRouter, type ApiRouter } from '../../platform/routes';

/** The tariffs module's routes (issue 12). */
export function createTariffsRouter({ auth }: AppDeps): ApiRouter {
  const r = apiRouter(auth);
  return r;
}
