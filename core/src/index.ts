// Public API of @seamline/core: pure rules shared by server and web (no I/O, runs in browser and Node).
export * from './constants';
export * from './i18n';
export * from './validators';
export * from './relativeTime';
export * from './currency';
export * from './units';
export * from './decimal';
export * from './dateMacros';
export * from './session';
export * from './formEncode';
export * from './responseRules';
export * from './statusColors';
export * from './entity';
export * from './flow';
export * from './sourcing';
export * from './notification';
