// The approval-flow area's definitions (docs/flow.md).
import { cpmProcessEntity } from './cpm-process';
import { flowBindingEntity } from './flow-binding';
import { projectTypeEntity } from './project-type';

export { cpmProcessEntity, DESIGN_PREFIX, FLOW_AREA } from './cpm-process';
export { projectTypeEntity } from './project-type';
export { flowBindingEntity, FLOW_DOCUMENT_TYPES } from './flow-binding';

export const flowEntities = [cpmProcessEntity, projectTypeEntity, flowBindingEntity] as const;
