// '@seamline/server': build and run the platform's HTTP server.
export { buildApp, type AppOptions } from './app';
export { AREAS } from './areas';
export { loadConfig, type Config } from './config';
export { openDatabase, type Db, type Tx } from './db';
export { seed, seedIfEmpty } from './seed';
