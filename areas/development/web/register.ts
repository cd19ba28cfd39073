// Development screens: the engine's generic screens for every definition under cata 'dev', plus
// the screens the engine cannot draw: the trend board, sample requests and quotes (two companies,
// live), the BOM cost roll-up, graded charts with copy, PO → T&A apply, the T&A Gantt and the
// tech pack print view.
import { registerEntities, registerTemplate } from '@seamline/web/engine';
import { developmentEntities } from '../meta';

registerEntities('dev', developmentEntities);
registerTemplate('index', 'dev', 'trend', () => import('./TrendBoard'));
registerTemplate('index', 'dev', 'sampling', () => import('./SamplingList'));
registerTemplate('page', 'dev', 'sampling', () => import('./SamplePage'));
registerTemplate('index', 'dev', 'quote', () => import('./QuoteList'));
registerTemplate('page', 'dev', 'quote', () => import('./QuotePage'));
registerTemplate('masterdetail', 'dev', 'bom', () => import('./BomScreen'));
registerTemplate('page', 'dev', 'bom', () => import('./BomScreen'));
registerTemplate('page', 'dev', 'measurement-chart', () => import('./ChartPage'));
registerTemplate('page', 'dev', 'node-following', () => import('./PlanPage'));
registerTemplate('page', 'dev', 'po-tracking', () => import('./PoPage'));
registerTemplate('page', 'dev', 'style', () => import('./StylePage'));
registerTemplate('print.opt', undefined, 'tech-pack', () => import('./TechPack'));
