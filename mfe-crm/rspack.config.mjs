import { remoteConfig } from '../tooling/rspack/remote.mjs';

export default remoteConfig({ name: 'mfe-crm', pkgDir: import.meta.dirname, port: 3105 });
