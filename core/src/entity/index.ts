// The isomorphic half of the metadata engine: entity definitions and the pure rules derived from them.
export * from './types';
export * from './defineEntity';
export * from './expression';
export * from './roles';
export * from './formValues';
export * from './validateDocument';
export * from './businessRules';
export * from './dataAuth';
export * from './messages';
export * from './transferWire';
export * from './statuses';
export * from './head';
