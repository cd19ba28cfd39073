// Screens the engine itself provides before any area registers its own.
import { registerTemplate } from './templates';

// The calendar view is generic enough to exist up front: a month calendar of the opt's records.
registerTemplate('zp.calendarview', undefined, undefined, () => import('../pages/templates/CalendarView'));
