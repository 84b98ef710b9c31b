import { lazy } from 'react';
import type { RemoteModule } from 'shared-kernel/contracts';
const mod: RemoteModule = { name: 'mfe-auth', pages: { '/auth': lazy(() => import('./AuthPage')) } };
export default mod;
