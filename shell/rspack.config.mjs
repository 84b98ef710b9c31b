import { hostConfig } from '../tooling/rspack/host.mjs';
export default hostConfig({ pkgDir: import.meta.dirname });
