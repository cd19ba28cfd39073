// How the engine serves the master-data entities: the dictionary entity is the system dictionary
// (options of `{ dictionary: TYPE }` fields), and the area's hooks. Data-authorization rules bind
// to the menu whose URL is the entity's route (/md/index/<entity>), found in the menu catalogue.
import type { RegisterOptions } from '@seamline/server/api';
import { masterdataHooks } from './hooks';

export const MASTERDATA_OPTIONS: RegisterOptions = {
  dictionary: { entity: 'dictionary', type: 'type_code', value: 'code', label: { en: 'name_en', zh: 'name' }, seq: 'sort_no' },
  hooks: masterdataHooks,
};
