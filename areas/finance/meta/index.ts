// The finance area's isomorphic half (issue 26; docs/finance.md): the supplier invoice's states
// and transitions table, the debit and credit notes' states, the matching and ageing rules, the texts.
export * from './approval';
export * from './credit';
export * from './invoice';
export * from './messages';
export * from './rules';
