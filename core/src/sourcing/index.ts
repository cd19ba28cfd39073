// Supplier sourcing rules (pure): project stages and the publishing-stage checks, the documents
// exchanged between brand and supplier, and the evaluation rules.
export * from './stages';
export * from './evaluation';
