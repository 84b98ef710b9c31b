import { remoteConfig } from '../tooling/rspack/remote.mjs';

export default remoteConfig({ name: 'mfe-accounting', pkgDir: import.meta.dirname, port: 3108 });
