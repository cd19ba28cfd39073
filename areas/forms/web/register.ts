// The dynamic-form screens on the menus' routes (SYS_DYNAMIC_FORM /sys/index/dynamic-form,
// SYS_SCENARIO /sys/index/scenario), the designer at /sys/page/dynamic-form, and the extra fields
// of ENTITY scenarios under every engine document (a document extension, see docs/forms.md).
import { createElement } from 'react';
import { registerTemplate, registerDocumentExtension } from '@seamline/web/engine';
import { ScenarioFormPanel } from './ScenarioFormPanel';

registerTemplate('index', 'sys', 'dynamic-form', () => import('./FormsListScreen'));
registerTemplate('page', 'sys', 'dynamic-form', () => import('./DesignerScreen'));
registerTemplate('index', 'sys', 'scenario', () => import('./ScenarioScreen'));

registerDocumentExtension({
  render: ({ entry, doc, readOnly }) =>
    createElement(ScenarioFormPanel, {
      contextType: 'ENTITY',
      contextKey: entry.def.name,
      entity: entry.def.name,
      recordId: doc.id ? String(doc.id) : null,
      readOnly,
    }),
});
