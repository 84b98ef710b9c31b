import type { AppDeps } from '../../platform/deps';
import { apiRouter, type ApiRouter } from '../../platform/routes';

/** The tasks module's routes (issue 13). */
export function createTasksRouter({ auth }: AppDeps): ApiRouter {
  const r = apiRouter(auth);
  return r;
}
