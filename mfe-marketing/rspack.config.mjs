import { remoteConfig } from '../tooling/rspack/remote.mjs';

export default remoteConfig({ name: 'mfe-marketing', pkgDir: import.meta.dirname, port: 3107 });
