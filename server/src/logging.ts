// Logging that never writes a credential (docs/security.md 'Tokens and logs'). Three layers:
// - the request serializer logs method, redacted url and address — never headers or bodies;
// - every finished log line passes through scrubLine() on its way to the destination, so a
//   secret that reaches a line by any other path (an error message, a hand-written log call)
//   is masked too: any `name=value` or JSON `"name":"value"` whose name, once percent-decoded
//   (repeatedly) and stripped of case and punctuation, contains token/password/secret/
//   authorization; `Bearer …`; and any run shaped like our opaque tokens (43 base64url chars);
// - pino's redact paths for objects logged by hand.
import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import type { LogLevel } from './config';

export const MASK = '[REDACTED]';

/** Parameter names that carry secrets, after normalizeName(). */
const SECRET_NAME = /token|passw|pwd|secret|authoriz|apikey|sessionid|cookie/;

/** Opaque tokens (auth/tokens.ts: 32 random bytes, base64url) wherever they appear. */
const TOKEN_SHAPE = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g;

function decodeFully(text: string): string {
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

export const isSecretName = (name: string): boolean => SECRET_NAME.test(normalizeName(name));

/** A query string with every secret-named parameter's value masked (names kept as sent). */
function redactQuery(query: string): string {
  return query
    .split(/([&;])/)
    .map((part) => {
      if (part === '&' || part === ';') return part;
      // An encoded '=' inside the name (token%3Dabc) still names a token once decoded.
      const decoded = decodeFully(part);
      const eq = decoded.indexOf('=');
      const name = eq < 0 ? decoded : decoded.slice(0, eq);
      if (!isSecretName(name)) return part;
      const rawEq = part.indexOf('=');
      return `${rawEq < 0 ? part.split(/%3d/i)[0] : part.slice(0, rawEq)}=${MASK}`;
    })
    .join('');
}

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const rest = q < 0 ? '' : url.slice(q + 1);
  const hash = rest.indexOf('#');
  const query = hash < 0 ? rest : rest.slice(0, hash);
  const fragment = hash < 0 ? '' : rest.slice(hash);
  const redacted = q < 0 ? path : `${path}?${redactQuery(query)}${fragment}`;
  return redacted.replace(TOKEN_SHAPE, MASK);
}

const PAIR_IN_TEXT = /([^\s=&;?#"'<>{},]+)=([^\s&;#"'<>,}]*)/g;
const JSON_PAIR = /"((?:[^"\\]|\\.)*)"(\s*:\s*)"((?:[^"\\]|\\.)*)"/g;
const BEARER = /\b(bearer|basic)(\s+)[^\s"',]+/gi;

/** Masks secrets in any text: one finished log line, an error message. */
export function scrubLine(line: string): string {
  return line
    .replace(JSON_PAIR, (all, name: string, colon: string) => (isSecretName(name) ? `"${name}"${colon}"${MASK}"` : all))
    .replace(PAIR_IN_TEXT, (all, name: string) => {
      const decoded = decodeFully(`${name}`);
      return isSecretName(decoded.split('=')[0]!) ? `${name}=${MASK}` : all;
    })
    .replace(BEARER, `$1$2${MASK}`)
    .replace(TOKEN_SHAPE, MASK);
}

/** A destination that scrubs every line before it is written. */
export function scrubbingStream(target: DestinationStream): DestinationStream {
  return { write: (line: string) => target.write(scrubLine(line)) };
}

interface LoggedRequest {
  method: string;
  url: string;
  ip?: string;
  socket?: { remotePort?: number };
}

export function loggerOptions(level: LogLevel, stream?: DestinationStream): FastifyServerOptions['logger'] {
  return {
    level,
    stream: scrubbingStream(stream ?? process.stdout),
    serializers: {
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
    // Belt and braces for any code that logs a request's headers or body by hand.
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers.cookie',
        'body.password',
        'body.refresh_token',
        'body.token',
        'body.DATA',
      ],
      censor: MASK,
    },
  };
}
