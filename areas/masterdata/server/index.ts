// The master-data area's server part: the engine serves every definition of ../meta (generic
// endpoints under /api/mdapi/<entity>/…), plus the logic no definition states (./hooks) and the
// demo data (./seed).
import { defineArea, registerEntities } from '@seamline/server/api';
import { masterdataEntities } from '../meta';
import { masterdataServerMessages } from './messages';
import { MASTERDATA_OPTIONS } from './options';
import { platformCompanyRoutes } from './platformCompanies';
import { seedMasterdata } from './seed';

export const masterdataModule = registerEntities(masterdataEntities, MASTERDATA_OPTIONS);

export const masterdataArea = defineArea({
  name: 'masterdata',
  messages: masterdataServerMessages,
  routes: (api) => {
    masterdataModule.routes(api);
    platformCompanyRoutes(api);
  },
  seed: seedMasterdata,
});
