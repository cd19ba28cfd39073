// Runs before every server test file. Files run in parallel workers; with REDIS_URL set they share
// one Redis, so each file gets its own key prefix: the socket.io adapter, the session bus and the
// rate-limit counters of one file never reach another's servers (demo ids are the same in every
// seeded database, so a session ended in one file would otherwise end it in all).
import { randomBytes } from 'node:crypto';

process.env.SOCKET_REDIS_KEY = `seamline-test-${randomBytes(6).toString('hex')}`;
