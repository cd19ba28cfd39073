// A real HTTP receiver for out-API tests (node:http on 127.0.0.1): it records every request and
// answers with the status the test scripts (e.g. 500, 500, then 200), and checks the signature.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  answered: number;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** Statuses for the next requests, in order; after them `then` answers. */
  script(statuses: number[], then?: number): void;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  let queue: number[] = [];
  let fallback = 200;
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answered = queue.length ? queue.shift()! : fallback;
      received.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), answered });
      res.writeHead(answered, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: answered < 300 ? 'OK' : 'down' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    script(statuses, then = 200) {
      queue = [...statuses];
      fallback = then;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What a receiver does with the documented headers: HMAC-SHA256(secret, `${timestamp}.${body}`). */
export function signatureValid(r: Received, secret: string): boolean {
  const timestamp = r.headers['x-seamline-timestamp'];
  const signature = r.headers['x-seamline-signature'];
  if (typeof timestamp !== 'string' || typeof signature !== 'string') return false;
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(`${timestamp}.${r.body}`).digest('hex')}`);
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
