// Where the product's own files are (the web app, migrations), resolved at run time from where the
// running code stands — never from where it was built (issue 22, point 1: a bundle that baked its
// build folder in served another copy's web/dist while that copy rebuilt it). The sources run as
// server/src/paths.ts and the bundle as server/dist/main.mjs: both two folders below the product's
// root, and server/scripts/bundle.mjs leaves import.meta.url meaning the bundle's own file, so the
// one relative step below is right for both. Other files find theirs through ROOT, not import.meta.url.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The product's root folder: the checkout, or the folder the built product was copied to. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A path under the product's root. */
export const fromRoot = (...parts: string[]): string => join(ROOT, ...parts);

/**
 * Where the build puts what it makes beside the bundle (the migrated PGlite template): the bundle's
 * own folder when the bundle runs (server/dist, or bench/dist), server/dist when the sources run.
 */
export const BUILD_DIR = import.meta.url.endsWith('.mjs') ? fileURLToPath(new URL('.', import.meta.url)) : join(ROOT, 'server', 'dist');
