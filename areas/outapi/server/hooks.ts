// The out-API config's save: headers and target checked, and the signing secret moved out of
// the entity's row into outapi_secret, so lists, exports and the audit never carry it. A target
// this server will refuse to send to (a private address under OUTAPI_PRIVATE_TARGETS=deny) is
// saved only once the user confirmed the warning (force=1): otherwise only every send would fail.
import { ConfirmFirst, sql, type EntityHooks, type Tx } from '@seamline/server/api';
import { OUT_EVENT_TYPES, outEventNamed, outt, USAGE } from '../meta';
import { outapiSecret } from './schema';
import { extraHeaders } from './send';
import { outApiSettings } from './settings';
import { parseTarget, refusedAddress } from './targets';

async function storeSecret(tx: Tx, configId: string, clientId: string, secret: string): Promise<void> {
  await tx
    .insert(outapiSecret)
    .values({ configId, clientId, secret })
    .onConflictDoUpdate({ target: outapiSecret.configId, set: { secret, updatedAt: sql`now()` } });
}

export const outApiConfigHooks: EntityHooks = {
  beforeWrite: async (tx, docs, ctx) => {
    for (const doc of docs) {
      const secret = typeof doc.merged.secret === 'string' ? doc.merged.secret.trim() : '';
      delete doc.write.secret;
      try {
        extraHeaders(doc.merged.headers);
      } catch {
        doc.error('headers', outt(ctx.lang, 'outapi.badHeaders'));
      }
      if (typeof doc.merged.target_url === 'string' && !parseTarget(doc.merged.target_url)) doc.error('target_url', outt(ctx.lang, 'outapi.badTarget'));
      // An event subscription's API ID is the event type it subscribes to (issue 27).
      if (doc.merged.usage === USAGE.EVENT && !outEventNamed(doc.merged.api_id)) doc.error('api_id', outt(ctx.lang, 'outapi.unknownEvent', { types: OUT_EVENT_TYPES.map((e) => e.name).join(', ') }));
      if (secret) {
        await storeSecret(tx, doc.id, ctx.clientId, secret);
        doc.write.secret_set = true;
      } else if (doc.created) doc.error('secret', outt(ctx.lang, 'outapi.secretRequired'));
    }
    if (ctx.force || docs.some((d) => Object.keys(d.errors).length > 0)) return;
    const policy = outApiSettings().policy;
    for (const doc of docs) {
      const target = doc.merged.target_url;
      if (typeof target !== 'string' || target === doc.existing?.target_url) continue;
      const address = await refusedAddress(policy, target);
      if (address) throw new ConfirmFirst('outapi.privateTarget', { host: parseTarget(target)!.hostname, address });
    }
  },
};
