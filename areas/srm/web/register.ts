// Sourcing screens: the engine's generic screens for the definitions under cata 'srm'
// (/srm/index/rfq, /srm/masterdetail/access-eval-config, /srm/index/admission-eval,
// /srm/index/supplier-eval, …), the project page with its sourcing workspace, and the
// cross-company screens (supplier inbox and answer page, quotations, RFI records).
import { registerEntities, registerTemplate } from '@seamline/web/engine';
import { srmEntities } from '../meta';
import './documentLock';
import './qualityKpis';

registerEntities('srm', srmEntities);
registerTemplate('page', 'srm', 'rfq', () => import('./ProjectPage'));
registerTemplate('page', 'srm', 'admission-eval', () => import('./AdmissionPage'));
registerTemplate('index', 'srm', 'sourcing-inbox', () => import('./InboxScreen'));
registerTemplate('index', 'srm', 'rfi', () => import('./InboxScreen'));
registerTemplate('page', 'srm', 'sourcing-answer', () => import('./AnswerScreen'));
registerTemplate('index', 'srm', 'my-quotations', () => import('./QuotationsScreen'));
registerTemplate('index', 'srm', 'rfi-record', () => import('./RfiRecordsScreen'));
