// Quality in the web (issue 25): /scm/index/inspection — the list, the booking form and the
// inspection screen (usable at 390 px), shared by the brand, the factory and the inspector.
import { registerEntity, registerTemplate } from '@seamline/web/engine';
import { inspectionTemplateEntity } from '../meta/template';
import './texts';

registerTemplate('index', 'scm', 'inspection', () => import('./InspectionsScreen'));
// The printable report (read-only, no shell): /printpage/inspection?id=
registerTemplate('print.opt', undefined, 'inspection', () => import('./InspectionReport'));
// Inspection templates (defect catalogue and checks): the engine's generic list and form.
registerEntity(inspectionTemplateEntity);
