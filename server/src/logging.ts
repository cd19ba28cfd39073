// Logging that never writes a credential (docs/security.md 'Tokens and logs') and costs a request
// little (docs/server.md 'Logs'). Writing: one line per answered request, to stdout asynchronously
// (stdoutDestination). Scrubbing, three layers:
// - request lines carry method, redacted url (redactUrl), status, time and address — never
//   headers or bodies;
// - every finished log line passes through scrubLine() on its way to the destination, so a
//   secret that reaches a line by any other path (an error message, a hand-written log call)
//   is masked too: any `name=value` or JSON `"name":"value"` whose name, once percent-decoded
//   (repeatedly) and stripped of case and punctuation, contains token/password/secret/
//   authorization; any value that, decoded, contains a token-shaped run (43+ base64url chars),
//   `Bearer …` or a nested secret pair; and any such run wherever it stands;
// - pino's redact paths for objects logged by hand.
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { isIP } from 'node:net';
import pino, { type DestinationStream } from 'pino';
import type { LogLevel } from './config';

export const MASK = '[REDACTED]';

/** Parameter names that carry secrets, after normalizeName(). */
const SECRET_NAME = /token|passw|pwd|secret|authoriz|apikey|sessionid|cookie/;

/**
 * Every token this server issues (auth/tokens.ts: sessions, refresh, e-sign codes, account links;
 * 32 random bytes, base64url) is a run of 43 base64url characters, so a run of 43 or more
 * contains one: `<T>x` and `x<T>` too. Longer runs that hold no token (a sha256 in hex) are masked
 * as well; a log loses nothing it needed.
 */
const TOKEN_RUN = /[A-Za-z0-9_-]{43,}/;
/**
 * A run that may hide one once percent-decoded (`%41bC…`, `%253D<T>`): 43 characters or more,
 * tried only where a run starts (the lookbehind), which keeps the scan linear.
 */
const ENCODED_RUN = /(?<![A-Za-z0-9_%-])[A-Za-z0-9_%-]{43,}/g;
const AUTH_VALUE = /\b(?:bearer|basic)\s+\S/i;

function decodeFully(text: string): string {
  // Only percent-escapes and '+' change anything: most text skips the decoding.
  if (!/[%+]/.test(text)) return text;
  let current = text;
  // Double and triple encoding (%2574oken) decode too; stop when nothing changes.
  for (let i = 0; i < 4; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current.replace(/\+/g, ' '));
    } catch {
      next = current.replace(/%([0-9a-f]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    }
    if (next === current) break;
    current = next;
  }
  return current;
}

/** 'Refresh_Token', 'refresh-token', '%72efreshtoken' → 'refreshtoken'. */
function normalizeName(name: string): string {
  return decodeFully(name)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** Names seen in log lines repeat (every JSON key of every line): each is judged once. */
const secretNames = new Map<string, boolean>();
export function isSecretName(name: string): boolean {
  let secret = secretNames.get(name);
  if (secret === undefined) {
    secret = SECRET_NAME.test(normalizeName(name));
    if (secretNames.size > 10_000) secretNames.clear();
    secretNames.set(name, secret);
  }
  return secret;
}

// The name starts where a run of name characters starts (lookbehind): linear, not quadratic.
const PAIR_IN_TEXT = /(?<![^\s=&;?#"'<>{},])([^\s=&;?#"'<>{},]+)=([^\s&;#"'<>,}]*)/g;
const JSON_PAIR = /"((?:[^"\\]|\\.)*)"(\s*:\s*)"((?:[^"\\]|\\.)*)"/g;
const BEARER = /\b(bearer|basic)(\s+)[^\s"',]+/gi;

/**
 * Whether a value, percent-decoded repeatedly, carries a credential whatever it is called: a
 * token-shaped run (`x=token%3D<T>`, `t=<T>x`), a `Bearer …`/`Basic …` value, or a nested
 * `name=value` whose name is a secret's (`navipath=%2Fdownload%3Ftoken%3D…`, `x=a%26token%3D…`).
 */
export function containsSecret(value: string): boolean {
  const text = decodeFully(value);
  if (TOKEN_RUN.test(text) || AUTH_VALUE.test(text)) return true;
  if (!text.includes('=')) return false;
  for (const [, name, inner] of text.matchAll(PAIR_IN_TEXT)) if (inner && isSecretName(name!)) return true;
  return false;
}

/** One `name=value` of a query: the value masked when its name or its content is a secret's. */
function redactParam(part: string): string {
  const eq = part.indexOf('=');
  if (eq < 0) {
    // An encoded '=' inside the name (token%3Dabc) still names a token once decoded.
    const name = part.split(/%3d/i)[0]!;
    if (isSecretName(decodeFully(part).split('=')[0]!)) return `${name}=${MASK}`;
    return containsSecret(part) ? MASK : part;
  }
  const name = part.slice(0, eq);
  return isSecretName(decodeFully(name).split('=')[0]!) || containsSecret(part.slice(eq + 1)) ? `${name}=${MASK}` : part;
}

/** A request's url for the log: every query value, path segment or fragment that carries a secret masked. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = (q < 0 ? url : url.slice(0, q))
    .split('/')
    .map((segment) => (segment && containsSecret(segment) ? MASK : segment))
    .join('/');
  if (q < 0) return path;
  const rest = url.slice(q + 1);
  const hash = rest.indexOf('#');
  const query = (hash < 0 ? rest : rest.slice(0, hash))
    .split(/([&;])/)
    .map((part) => (part === '&' || part === ';' || part === '' ? part : redactParam(part)))
    .join('');
  const fragment = hash < 0 ? '' : containsSecret(rest.slice(hash + 1)) ? `#${MASK}` : rest.slice(hash);
  return `${path}?${query}${fragment}`;
}

/** Masks secrets in any text: one finished log line, an error message. */
export function scrubLine(line: string): string {
  return line
    .replace(JSON_PAIR, (all, name: string, colon: string) => (isSecretName(name) ? `"${name}"${colon}"${MASK}"` : all))
    .replace(PAIR_IN_TEXT, (all, name: string, value: string) => {
      const decoded = decodeFully(`${name}`);
      return isSecretName(decoded.split('=')[0]!) || (value && containsSecret(value)) ? `${name}=${MASK}` : all;
    })
    .replace(BEARER, `$1$2${MASK}`)
    .replace(ENCODED_RUN, (run) => (containsSecret(run) ? MASK : run));
}

/**
 * True while OneLinePerRequest writes its line: every field of it is already safe (the url went
 * through redactUrl, the address is an address), so the scrubbing of the whole line — half the
 * cost of a request line — is skipped for it alone. pino writes a line synchronously inside the
 * log call, so the flag covers exactly that line.
 */
let writingRequestLine = false;

/** A destination that scrubs every line before it is written. */
export function scrubbingStream(target: DestinationStream): DestinationStream {
  return { write: (line: string) => target.write(writingRequestLine ? line : scrubLine(line)) };
}

type StdoutDestination = ReturnType<typeof pino.destination> & { _writing?: boolean };
let stdout: StdoutDestination | undefined;

/**
 * stdout, written asynchronously: lines gather in a buffer while a write is on its way and go out
 * together in the next one, so a request never waits for the disk or the pipe and a busy server
 * writes many lines per system call (issue 22, point 3: synchronous writes cost user-state more
 * than half its throughput). Nothing waits when the server is idle (no minimum length). pino flushes
 * it synchronously when the process exits (process.exit, an uncaught exception); flushLogs() waits
 * for a write still on its way.
 */
function stdoutDestination(): StdoutDestination {
  return (stdout ??= pino.destination({ dest: 1, sync: false }));
}

/** Resolves once every line logged so far has been written (before a planned exit). */
export function flushLogs(): Promise<void> {
  const dest = stdout;
  // sonic-boom has no public 'writing' flag; without one, 'drain' follows the last write.
  if (!dest?._writing) return Promise.resolve();
  return new Promise((resolve) => dest.once('drain', () => resolve()));
}

/**
 * A crash is logged as a fatal line before the process ends (pino writes what is buffered when
 * the process exits; Node's own report goes to stderr only).
 */
export function logFatalErrors(log: FastifyBaseLogger): void {
  process.on('uncaughtException', (err, origin) => {
    log.fatal({ err, origin }, 'uncaught exception: exiting');
    process.exit(1);
  });
}

/** Fastify's logging: at `info` one line per answered request (method, url, status, time, address). */
export function loggingOptions(level: LogLevel, stream?: DestinationStream): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  return {
    logger: {
      level,
      stream: scrubbingStream(stream ?? stdoutDestination()),
      serializers: {
        req: (req: LoggedRequest) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
      },
      // Belt and braces for any code that logs a request's headers or body by hand.
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie', 'body.password', 'body.refresh_token', 'body.token', 'body.DATA'],
        censor: MASK,
      },
    },
    logController: new OneLinePerRequest(),
  };
}

interface LoggedRequest {
  method: string;
  url: string;
  ip?: string;
}

/**
 * Fastify's own request lines: nothing when a request comes in, one flat line when it has been
 * answered (no serializer, no nested objects); a failed answer keeps Fastify's error line.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    if (error) return super.requestCompleted(error, req, reply);
    // At warn and above nothing of the line is computed.
    if ((pino.levels.values[req.log.level] ?? 0) > pino.levels.values.info!) return;
    // Behind proxies the address comes from X-Forwarded-For: anything but an address is scrubbed.
    const ip = isIP(req.ip) ? req.ip : scrubLine(String(req.ip));
    writingRequestLine = true;
    try {
      req.log.info({ method: req.method, url: redactUrl(req.url), status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10, ip }, 'request completed');
    } finally {
      writingRequestLine = false;
    }
  }
}
