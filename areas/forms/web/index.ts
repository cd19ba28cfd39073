// What other areas' web code may use from the dynamic-form area.
export { ScenarioFormPanel, type ScenarioFormPanelProps } from './ScenarioFormPanel';
