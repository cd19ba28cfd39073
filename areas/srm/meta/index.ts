// The sourcing area's engine definitions (spec §1 'Supplier sourcing'). The cross-company
// documents (invitations, RFI records, quotations) are not engine entities: each belongs to one
// company and is shown to the other by explicit rules (areas/srm/server, docs/sourcing.md).
import type { EntityDef } from '@seamline/core';
import { accessEvalConfigEntity } from './evalConfig';
import { admissionEvalEntity, supplierEvalEntity } from './evaluations';
import { sourcingProjectEntity } from './project';

export const srmEntities: EntityDef[] = [sourcingProjectEntity, accessEvalConfigEntity, admissionEvalEntity, supplierEvalEntity];
export * from './fields';
export * from './messages';
export { sourcingProjectEntity } from './project';
export { accessEvalConfigEntity, optionScoreRule, EVAL_CONFIG_STATUS } from './evalConfig';
export { admissionEvalEntity, supplierEvalEntity } from './evaluations';
