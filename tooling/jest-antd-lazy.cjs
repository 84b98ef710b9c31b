// Stands in for `antd` in the jsdom test projects (jest.base.cjs maps the bare specifier here). antd's CommonJS index
// requires all of its components as it loads, about a second of every test file, when a file renders a handful of
// them. This module has the same exports, read from that index, each component required the first time it is used.
const fs = require('node:fs');
const path = require('node:path');

const lib = globalThis.__WZ_ANTD_LIB__;
const index = fs.readFileSync(path.join(lib, 'index.js'), 'utf8');
const files = new Map();
for (const [, local, file] of index.matchAll(/var (_\w+) = _interopRequireDefault\(require\("(\.\/[^"]+)"\)\);/g))
  files.set(local, path.join(lib, file));
let count = 0;
for (const [, name, local] of index.matchAll(
  /Object\.defineProperty\(exports, "(\w+)", \{\s*enumerable: true,\s*get: function \(\) \{\s*return (_\w+)\.default;/g,
)) {
  const file = files.get(local);
  if (!file) continue;
  count++;
  Object.defineProperty(exports, name, {
    enumerable: true,
    get() {
      const mod = require(file);
      return mod && mod.__esModule ? mod.default : mod;
    },
  });
}
// antd's index changed shape: fail every test file loudly rather than hand out an antd with components missing
if (count < 60) throw new Error(`jest-antd-lazy: read ${count} exports from ${lib}/index.js; update the patterns`);
Object.defineProperty(exports, '__esModule', { value: true });
exports.unstableSetRender = () => {};
