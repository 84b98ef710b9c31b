import type { AppDeps } from '../../platform/deps';
import { apiRouter, type ApiRouter } from '../../platform/routes';

/** The stock module's routes (issue 12). */
export function createStockRouter({ auth }: AppDeps): ApiRouter {
  const r = apiRouter(auth);
  return r;
}
