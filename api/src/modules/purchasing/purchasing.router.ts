import type { AppDeps } from '../../platform/deps';
import { apiRouter, type ApiRouter } from '../../platform/routes';

/** The purchasing module's routes (issue 12). */
export function createPurchasingRouter({ auth }: AppDeps): ApiRouter {
  const r = apiRouter(auth);
  return r;
}
