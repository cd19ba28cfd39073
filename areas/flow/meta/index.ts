// The approval-flow area's definitions (docs/flow.md).
import { cpmProcessEntity } from './cpm-process';
import { projectTypeEntity } from './project-type';

export { cpmProcessEntity, DESIGN_PREFIX, FLOW_AREA } from './cpm-process';
export { projectTypeEntity } from './project-type';

export const flowEntities = [cpmProcessEntity, projectTypeEntity] as const;
