// Every business area of the platform, in registration (and seeding) order.
import type { Area } from './area';
import { engineArea } from './engine/area';
import { systemArea } from '../../areas/system/server';
import { accessArea } from '../../areas/access/server';
import { masterdataArea } from '../../areas/masterdata/server';
import { formsArea } from '../../areas/forms/server';
import { collabArea } from '../../areas/collab/server';
import { flowArea } from '../../areas/flow/server';
import { ticketArea } from '../../areas/ticket/server';
import { discoveryArea } from '../../areas/discovery/server';
import { srmArea } from '../../areas/srm/server';
import { ordersArea } from '../../areas/orders/server';
import { developmentArea } from '../../areas/development/server';
import { capacityArea } from '../../areas/capacity/server';
import { outApiArea } from '../../areas/outapi/server';
import { reportArea } from '../../areas/report/server';
import { esignArea } from '../../areas/esign/server';
import { shippingArea } from '../../areas/shipping/server';
import { financeArea } from '../../areas/finance/server';
import { qualityArea } from '../../areas/quality/server';

export const AREAS: readonly Area[] = [engineArea, systemArea, accessArea, masterdataArea, formsArea, flowArea, collabArea, ticketArea, discoveryArea, srmArea, ordersArea, shippingArea, financeArea, developmentArea, capacityArea, qualityArea, esignArea, reportArea, outApiArea];

// Boot of a deployment without the demo: its first super admin is the access area's (main.ts),
// named here so that this file stays the engine's one list of what it takes from areas.
export { ensureFirstSuperAdmin } from '../../areas/access/server/firstAdmin';
