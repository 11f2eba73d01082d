import { readFileSync } from 'node:fs';
import path from 'node:path';

/** One entry of Vite's build manifest (`dist/.vite/manifest.json`). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export type BuildManifest = Record<string, ManifestChunk>;

export function readBuildManifest(distDir: string): BuildManifest {
  return JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));
}

/**
 * The JavaScript files a browser loads to show one lazily loaded route: the entry and its static
 * imports, then the route module and its static imports (dynamic imports load later, on use).
 */
export function filesForRoute(manifest: BuildManifest, routeSource: string): string[] {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('The build manifest has no entry.');
  if (!manifest[routeSource]) throw new Error(`${routeSource} is not a chunk of the build.`);
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  visit(routeSource);
  return [...files];
}
