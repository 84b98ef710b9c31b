// `npm run arch`: the import cycles, the boundary problems (both must be 0: api/src/architecture.test.ts fails
// otherwise) and the 10 largest source files with the reason their top gives for their size (tooling/arch.cjs).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { analyse, SIZE_LIMIT } = require('../tooling/arch.cjs');

const { cycles, boundaries, sizes, files } = analyse();
const out = (line = '') => process.stdout.write(`${line}\n`);

out(`Sources read: ${files} TypeScript files`);
out();
out(`Import cycles: ${cycles.length}`);
for (const c of cycles) out(`  ${c.join(' → ')}`);
out();
out(`Boundary problems: ${boundaries.length}`);
for (const b of boundaries) out(`  ${b}`);
out();
const over = sizes.filter((s) => s.lines > SIZE_LIMIT);
out(`Largest source files (${over.length} over ${SIZE_LIMIT} lines, ${over.filter((s) => !s.reason).length} of them without a reason):`);
for (const s of sizes.slice(0, 10))
  out(`  ${String(s.lines).padStart(5)}  ${s.file}${s.reason ? `  — ${s.reason}` : '  — no reason given'}`);
process.exitCode = cycles.length || boundaries.length ? 1 : 0;
