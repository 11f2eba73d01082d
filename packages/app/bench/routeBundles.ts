import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { filesForRoute, readBuildManifest } from '../src/routeChunks';

// Prints the JavaScript each route needs before it can show, from the production build's manifest.
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifest = readBuildManifest(dist);
const routes = Object.keys(manifest).filter((key) => key.startsWith('src/routes/'));

console.log('| route module | files | JS kB | gzip kB |');
console.log('|---|---|---|---|');
for (const route of routes.sort()) {
  const files = filesForRoute(manifest, route);
  const bytes = files.map((file) => readFileSync(path.join(dist, file)));
  const raw = bytes.reduce((sum, b) => sum + b.length, 0);
  const gzip = bytes.reduce((sum, b) => sum + gzipSync(b).length, 0);
  console.log(
    `| ${path.basename(route, '.tsx')} | ${files.length} | ${(raw / 1024).toFixed(1)} | ${(gzip / 1024).toFixed(1)} |`,
  );
}
