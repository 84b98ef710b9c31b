import { remoteConfig } from '../tooling/rspack/remote.mjs';

export default remoteConfig({ name: 'mfe-cart', pkgDir: import.meta.dirname, port: 3103 });
