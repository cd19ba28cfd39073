// A bare Fastify route in a process of its own (bench/figures.ts, user-state): GET /bare answers the JSON
// of BARE_BODY, with no logger, envelope, auth or database.
import Fastify from 'fastify';

const body = JSON.parse(process.env.BARE_BODY ?? '{}') as unknown;
const app = Fastify({ logger: false });
app.get('/bare', async () => body);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
