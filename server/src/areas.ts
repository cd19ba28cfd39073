// Every business area of the platform, in registration (and seeding) order.
import type { Area } from './area';
import { systemArea } from '../../areas/system/server';
import { accessArea } from '../../areas/access/server';

export const AREAS: readonly Area[] = [systemArea, accessArea];
