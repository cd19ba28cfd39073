// Dynamic forms (spec §1 'Configuration', §3 'Dynamic form field', §5 'Form designer'): the
// designed form's shape, the designer's checks and its engine definition. Isomorphic.
export * from './types';
export * from './messages';
export * from './designer';
export * from './scenario';
