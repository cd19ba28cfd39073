// Screens the engine itself provides before any area registers its own.
import { registerTemplate } from './templates';
import { registerEngineTemplates } from '../engine/templates';
// Areas whose definitions get the generic screens (list, form, master-detail, view, print, pick…).
import '../../../areas/masterdata/web/register';
// Exception tickets: the category's generic screens, the ticket list and /page/ticket/view.
import '../../../areas/ticket/web/register';
// Administration: users, roles, menus, data authorization, serial numbers, app market, UI config.
import '../../../areas/system/web/register';
// Approval flows: designer, flow documents (/page/document/…), my approvals, approval panel hook.
import '../../../areas/flow/web/register';
// Supplier sourcing: projects with their workspace, supplier inbox and answers, quotations, evaluations.
import '../../../areas/srm/web/register';
// Capacity planning: groups, vendor settings, capacity, KPI, demand, allocation versions, the capacity board.
import '../../../areas/capacity/web/register';
// Accounts: join requests, invitations, sign-up approval, licence types, outbox, WeCom binding.
import '../../../areas/access/web/register';
// The import centre, upload centre and batch image upload (web/src/transfer).
import '../transfer/register';
// Attachments and notes under every saved document (web/src/collab).
import '../collab/register';
// Dynamic forms and scenarios: designer, scenario list, extra fields under engine documents.
import '../../../areas/forms/web/register';
// Orders and production: customer orders, planning calendar, work orders, outsourcing, floor.
import '../../../areas/orders/web/register';
// Shipping: shipment notices with SSCC labels, incoming shipments, the receive screen.
import '../../../areas/shipping/web/register';
// Finance: supplier invoices and the three-way match, payments, debit notes, statements.
import '../../../areas/finance/web/register';
// Quality inspections: the list, the booking form and the inspection screen (areas/quality).
import '../../../areas/quality/web/register';

// Style development: seasons, colours, sizes, trends, styles, BOM costing, charts, samples, quotes, T&A, tech pack.
import '../../../areas/development/web/register';
// Out-API: push configurations and the delivery log with its test push.
import '../../../areas/outapi/web/register';
// QR e-signing: the list of requests and signatures, the phone's signing page, 'Sign' under every document.
import '../../../areas/esign/web/register';

// Reports, the control tower per role, the factory wall board and the print view (areas/report).
import '../../../areas/report/web/register';
// The calendar view is generic enough to exist up front: a month calendar of the opt's records.
registerTemplate('zp.calendarview', undefined, undefined, () => import('../pages/templates/CalendarView'));
registerEngineTemplates();
