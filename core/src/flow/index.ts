// Approval flows (spec §3–§8): the pure rules the designer, the runtime and the web share.
export * from './types';
export * from './messages';
export * from './validate';
export * from './runtime';
export * from './lifecycle';
