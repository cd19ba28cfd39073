// The exception-ticket area's isomorphic half: vocabulary, roles and rights, document checks,
// messages, and the category definition (the engine serves it).
import type { EntityDef } from '@seamline/core';
import { ticketCategoryEntity } from './category';

export * from './options';
export * from './roles';
export * from './ticket';
export * from './messages';
export { ticketCategoryEntity };

export const ticketEntities: EntityDef[] = [ticketCategoryEntity];
