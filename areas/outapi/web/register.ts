// Out-API screens: the engine's list and form for out-api-config (/sys/index/out-api-config) and
// the delivery log with its test push (/sys/page/out-api-log). Other areas push with ./push.
import { registerEntity, registerTemplate } from '@seamline/web/engine';
import { outApiEntities } from '../meta';
import './register-messages';

for (const def of outApiEntities) registerEntity(def);
registerTemplate('page', 'sys', 'out-api-log', () => import('./DeliveryLogScreen'));
