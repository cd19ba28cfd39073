// Master data gets the engine's generic screens for every definition, under cata 'md':
// /md/index/vendor, /md/page/vendor?id=…, /md/masterdetail/org, /page/view/vendor?id=…, …
import { registerEntities } from '../../../web/src/engine/registry';
import { masterdataEntities } from '../meta';

export const MASTERDATA_CATA = 'md';

registerEntities(MASTERDATA_CATA, masterdataEntities);
