import { remoteConfig } from '../tooling/rspack/remote.mjs';

export default remoteConfig({ name: 'mfe-stock', pkgDir: import.meta.dirname, port: 3106 });
