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

export const AREAS: readonly Area[] = [engineArea, systemArea, accessArea, masterdataArea, formsArea, flowArea, collabArea, ticketArea, discoveryArea, srmArea, ordersArea, developmentArea, capacityArea, esignArea, reportArea, outApiArea];
