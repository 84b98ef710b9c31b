import { remoteConfig } from '../tooling/rspack/remote.mjs';

export default remoteConfig({ name: 'mfe-sales', pkgDir: import.meta.dirname, port: 3104 });
