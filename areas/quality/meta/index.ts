// The quality area's shared meta (issue 25; docs/quality.md): the AQL sampling of ISO 2859-1, the
// inspection definition with its transitions table, and the messages (en, zh).
export * from './inspection';
export * from './messages';
export * from './sampling';
export * from './switching';
export * from './template';
