import { remoteConfig } from '../tooling/rspack/remote.mjs';

export default remoteConfig({ name: 'mfe-auth', pkgDir: import.meta.dirname, port: 3101 });
