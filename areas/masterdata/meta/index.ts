// The master-data area's definitions (spec §1 'Master data'): one file per entity. The list is
// in dependency order (a definition comes after the ones it references), which is also the order
// the seed inserts demo rows in. Demo rows live in ./demo (import it directly; it is not
// re-exported so that web bundles do not carry it).
import type { EntityDef } from '@seamline/core';
import { companyEntity } from './company';
import { customerEntity } from './customer';
import { dictionaryEntity } from './dictionary';
import { materialEntity } from './material';
import { orgEntity } from './org';
import { plantEntity } from './plant';
import { positionEntity } from './position';
import { processEntity } from './process';
import { productionLineEntity } from './production-line';
import { serviceEntity } from './service';
import { vendorEntity } from './vendor';
import { workshopEntity } from './workshop';

export const masterdataEntities: EntityDef[] = [
  dictionaryEntity,
  serviceEntity,
  companyEntity,
  plantEntity,
  orgEntity,
  positionEntity,
  vendorEntity,
  customerEntity,
  materialEntity,
  workshopEntity,
  productionLineEntity,
  processEntity,
];

export {
  companyEntity,
  customerEntity,
  dictionaryEntity,
  materialEntity,
  orgEntity,
  plantEntity,
  positionEntity,
  processEntity,
  productionLineEntity,
  serviceEntity,
  vendorEntity,
  workshopEntity,
};
export { MASTERDATA_DICTIONARIES, dictionaryOptions, type DictionaryType, type DictionaryValue } from './dictionaries';
export { masterdataMessages, mdLabel, mdt, type MasterdataMessageKey } from './messages';
