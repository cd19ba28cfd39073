export { SpecForm, type SpecFormProps } from './SpecForm';
export { ruleFromSpec, rulesFromSpec, sameAs } from './rules';
export { applyServerErrors, placeServerErrors } from './applyServerErrors';
