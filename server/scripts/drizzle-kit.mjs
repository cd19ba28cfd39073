// Runs drizzle-kit so that its own imports of drizzle-orm find the copy npm placed under
// server/node_modules (drizzle-kit itself is hoisted to the root, where drizzle-orm is not).
import Module, { createRequire, register } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// CommonJS require()s: add server/node_modules to the global search path.
process.env.NODE_PATH = fileURLToPath(new URL('../node_modules', import.meta.url));
Module._initPaths();

// ESM import()s: resolve drizzle-orm as if imported from server/.
const hooks = `
const parent = ${JSON.stringify(pathToFileURL(new URL('../package.json', import.meta.url).pathname).href)};
export async function resolve(specifier, context, next) {
  if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) {
    return next(specifier, { ...context, parentURL: parent });
  }
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);

const require = createRequire(import.meta.url);
const bin = join(dirname(require.resolve('drizzle-kit')), 'bin.cjs');
process.argv.splice(1, 1, bin);
require(bin);
