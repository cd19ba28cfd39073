// Shared helpers of the ticket screens.
import { relativeTime } from '@seamline/core';

export { COMMENT_MAX, COMMENT_PHOTOS_MAX, ticketCan } from '../meta';

/** Spec §9 relative time ('now', minutes, hours, days, weeks, then YY-MM-DD HH:mm). */
export const relativeTimeOf = (iso: string, lang: string): string => relativeTime(iso, Date.now(), lang);
