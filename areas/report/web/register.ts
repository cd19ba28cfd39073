// Report screens (docs/reports.md): every {cata}/dsrptindex/{opt} and /zp/{cata}/qvrpt/{opt} is the
// report named by opt, except the report list and the control tower; /clientrpt/… the client
// reports; /visual/… the wall board; /printpage/htprintview documents and reports for printing.
// All lazy: ECharts loads with the first report.
import { registerTemplate } from '@seamline/web/engine';
import './register-messages';

registerTemplate('dsrptindex', undefined, undefined, () => import('./ReportScreen'));
registerTemplate('zp.qvrpt', undefined, undefined, () => import('./ReportScreen'));
registerTemplate('dsrptindex', 'rpt', 'reports', () => import('./ReportsIndex'));
registerTemplate('dsrptindex', 'rpt', 'control-tower', () => import('./ControlTowerPage'));
// /clientrpt/document/{opt} is the flow area's shared document (DOC-04), not a report.
for (const kind of ['clientrpt.opt', 'clientrpt.index', 'clientrpt.page'] as const) {
  registerTemplate(kind, undefined, undefined, () => import('./ClientReportScreen'));
}
for (const kind of ['visual.opt', 'visual.demo', 'zp.visual'] as const) registerTemplate(kind, undefined, undefined, () => import('./VisualWall'));
registerTemplate('print.htprintview', undefined, undefined, () => import('./HtPrintView'));
