import type { AppDeps } from '../../platform/deps';
import { apiRouter, type ApiRouter } from '../../platform/routes';

/** The tickets module's routes (issue 13). */
export function createTicketsRouter({ auth }: AppDeps): ApiRouter {
  const r = apiRouter(auth);
  return r;
}
