// Solves an LP file (CPLEX LP format, e.g. `lltrain --export-lp`) with the
// `highs` npm package (HiGHS compiled to wasm) in Node and prints one JSON
// line as benchmarks/lp/clp_solve.cpp does. The package is not a dependency
// of the project: install it anywhere and point LL_HIGHS_MODULE at it
// (docs/training-lp.md, "Clp and HiGHS").
//   node benchmarks/lp/highs_solve.mjs FILE.lp [solver]   (solver: simplex (default) | ipm)
import fs from 'node:fs';
import { createRequire } from 'node:module';

const [file, solver = 'simplex'] = process.argv.slice(2);
const require = createRequire(import.meta.url);
const load = require(process.env.LL_HIGHS_MODULE ?? 'highs');
let start = performance.now();
const text = fs.readFileSync(file, 'utf8');
const highs = await load();
const loadS = (performance.now() - start) / 1000;
start = performance.now();
const result = highs.solve(text, { solver, presolve: 'on', output_flag: false });
const solveS = (performance.now() - start) / 1000;
console.log(JSON.stringify({ solver: `highs-${solver}`, status: result.Status, objective: result.ObjectiveValue,
                             load_s: Number(loadS.toFixed(3)), solve_s: Number(solveS.toFixed(3)),
                             columns: Object.keys(result.Columns).length, rows: result.Rows.length }));
