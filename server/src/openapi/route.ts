// GET /api/utilsapi/openapi.json: the document of this app's /api (openapi/document.ts), for signed-in
// administrators (company administrators and the super admin): it names every route and menu,
// which an outsider has no need to map. Built once, on first request (the routes are fixed by then).
import { forbidden } from '../errors';
import { seesAllMenus } from '../menuAccess';
import { codeVersion } from '../ops/backup';
import { apiRouteTable, type Api } from '../routes';
import { openApiDocument, webhooksOf } from './document';
import { S } from './shapes';

export function openApiRoutes(api: Api): void {
  let doc: Promise<Record<string, unknown>> | undefined;
  api.get(
    'utilsapi/openapi.json',
    {
      auth: true,
      raw: true,
      schema: {
        summary: 'This document',
        description: 'The OpenAPI 3.1 description of every /api route and the out-API webhooks; company administrators and the super admin.',
        tag: 'meta',
        produces: { type: 'application/json', schema: S.map(S.any(), 'An OpenAPI 3.1 document') },
      },
    },
    async ({ session, reply }) => {
      if (!seesAllMenus(session)) throw forbidden();
      doc ??= codeVersion().then((version) => openApiDocument(apiRouteTable(api), webhooksOf(api), { version }));
      reply.header('cache-control', 'no-store');
      return doc;
    },
  );
}
