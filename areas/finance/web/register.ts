// Finance in the web: one page under /scm (invoices of both sides, the match view, debit notes,
// the statement), opened by the menu SCM_FINANCE.
import { registerTemplate } from '@seamline/web/engine';
import './texts';

registerTemplate('page', 'scm', 'finance', () => import('./FinanceScreen'));
