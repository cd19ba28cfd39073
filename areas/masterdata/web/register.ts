// Master data gets the engine's generic screens for every definition, under cata 'md':
// /md/index/vendor, /md/page/vendor?id=…, /md/masterdetail/org, /page/view/vendor?id=…, …
import { registerEntities } from '@seamline/web/engine';
import { masterdataEntities } from '../meta';
// The vendor's platform company, picked by name under the saved vendor.
import './PlatformLink';

export const MASTERDATA_CATA = 'md';

registerEntities(MASTERDATA_CATA, masterdataEntities);
