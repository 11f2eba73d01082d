import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeRoute, measureRoute, ROUTE_BUDGETS } from '../src/routeBudgets';
import { readBuildManifest } from '../src/routeChunks';

// Prints the JavaScript each route needs before it can show, from the production build's manifest:
// gzip kB against the issue-24 target (pass/miss) and the budget CI enforces (src/routeBudgets.test.ts),
// then each route's files. Peers measured the same way on this machine, for scale (issue 24).
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifest = readBuildManifest(dist);
const sizes = ROUTE_BUDGETS.map((route) => measureRoute(manifest, dist, route));

console.log('| route | files | gzip kB | target kB | | budget kB |');
console.log('|---|---|---|---|---|---|');
for (const { route, files, gzipKb } of sizes) {
  const verdict = gzipKb <= route.targetKb ? 'pass' : 'miss';
  console.log(
    `| ${route.path} | ${files.length} | ${gzipKb.toFixed(1)} | ${route.targetKb} | ${verdict} | ${route.budgetKb} |`,
  );
}
console.log('| peer: stream-chat-react, minimal chat screen | | 611.0 | | | |');
console.log('| peer: chatscope UI kit alone | | 108.7 | | | |');
console.log('\nFiles per route (gzip kB each, largest first):');
for (const size of sizes) console.log(`- ${describeRoute(size)}`);
