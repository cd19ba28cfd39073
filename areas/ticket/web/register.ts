// Exception tickets in the web: the category gets the engine's generic screens under cata
// 'collab' (/collab/index/ticket-category, …); the ticket list (/collab/index/ticket) and the
// detail page (/page/ticket/view?key=) are this area's own screens (a ticket spans two companies).
import { registerEntities, registerTemplate } from '@seamline/web/engine';
import { TICKET_CATA, ticketEntities } from '../meta';

registerEntities(TICKET_CATA, ticketEntities);
registerTemplate('index', TICKET_CATA, 'ticket', () => import('./TicketList'));
registerTemplate('page.ticketView', undefined, undefined, () => import('./TicketView'));
