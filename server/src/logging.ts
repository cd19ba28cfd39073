// Request logging that never writes a credential: tokens in query strings are masked and the
// Authorization / Cookie headers are never serialized.
import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import type { LogLevel } from './config';

const SECRET_PARAMS = /([?&](?:token|refresh_token|refreshtoken)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[REDACTED]');
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
    ...(stream ? { stream } : {}),
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
      paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'body.password', 'body.refresh_token'],
      censor: '[REDACTED]',
    },
  };
}
