import { remoteConfig } from '../tooling/rspack/remote.mjs';

export default remoteConfig({
  name: 'mfe-pos',
  pkgDir: import.meta.dirname,
  port: 3109,
  exposes: { './lifecycles': './src/lifecycles.tsx' },
});
