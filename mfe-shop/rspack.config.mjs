import { remoteConfig } from '../tooling/rspack/remote.mjs';

export default remoteConfig({ name: 'mfe-shop', pkgDir: import.meta.dirname, port: 3102 });
