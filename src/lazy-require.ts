/**
 * A dependency loaded on first use instead of when the package is imported. `dist/index.js` reaches
 * every command's modules, so a program that imports Toolvet to run cases against a model would
 * otherwise load the YAML, front-matter, XML and diff libraries it never calls (about 30 MB of
 * memory; P1 in `npm run bench`). Only for packages that work the same required: stateless functions
 * and classes, no identity shared with an `import` of the same package elsewhere.
 */
import { createRequire } from 'node:module';

const load = createRequire(import.meta.url);

export function lazyRequire<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= load(name) as T);
}
