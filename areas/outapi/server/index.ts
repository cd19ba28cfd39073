// The out-API area's server part (docs/outapi.md): the engine serves out-api-config with the
// hooks of ./hooks; ./routes the push bus, the delivery log, the before-action enhancement call
// and the third API service; the worker (started with the app) sends queued deliveries.
import { defineArea, type Api, type Config, type Db, registerEntities, type RunningWorker } from '@seamline/server/api';
import type { FastifyBaseLogger } from 'fastify';
import { outApiEntities, outApiMessages } from '../meta';
import { createQueue, deliverOnce, forgetQueue, openDeliveries } from './deliveries';
import { registerOutEvents } from './events';
import { outApiConfigHooks } from './hooks';
import { outApiRoutes } from './routes';
import { outApiSettings } from './settings';

export const outApiModule = registerEntities(outApiEntities, {
  hooks: { 'out-api-config': outApiConfigHooks },
});

registerOutEvents(); // named event types published to the companies that subscribed (issue 27)

/** The delivery worker of one app: the queue of ./queue, fed by the start-up sweep and pushes. */
export async function startDeliveryWorker({ db, config, log }: { db: Db; config: Config; log: FastifyBaseLogger }): Promise<RunningWorker> {
  const settings = outApiSettings();
  const queue = createQueue(db, config, settings, (err) => log.warn({ err }, 'out-API delivery worker'));
  await queue.start((job) => deliverOnce(db, settings, job.deliveryId));
  // Deliveries left open by a stop or a crash (pg-boss: also one lost between commit and send).
  await queue.requeue(await openDeliveries(db));
  log.info({ queue: queue.kind }, 'out-API delivery worker started');
  let stopped = false;
  return {
    stop: async () => {
      stopped = true;
      forgetQueue(db, queue);
      await queue.stop();
    },
    // GET /readyz and /metrics (docs/operations.md).
    ready: async () => {
      if (stopped) throw new Error('delivery queue stopped');
    },
    gauges: { open_deliveries: async () => (await openDeliveries(db)).length },
  };
}

export const outApiArea = defineArea({
  name: 'outapi',
  messages: outApiMessages,
  routes: (api: Api) => {
    outApiModule.routes(api);
    outApiRoutes(api);
  },
  worker: startDeliveryWorker,
});
