import type { AppDeps } from '../../platform/deps';
import { apiRouter, type ApiRouter } from '../../platform/routes';

/** The products module's routes (issue 12). */
export function createProductsRouter({ auth }: AppDeps): ApiRouter {
  const r = apiRouter(auth);
  return r;
}
