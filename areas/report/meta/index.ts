// The report area's isomorphic half: report definitions, the control tower's roles, messages.
export * from './reports';
export * from './tower';
export * from './messages';
