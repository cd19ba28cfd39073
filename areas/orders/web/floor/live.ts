// Live progress of work orders: the server's WO_PROGRESS event, sent to the factory's and the
// brand's company rooms after each cut, booked scan and cancelled scan, read over the app's one
// live connection (web/src/collab/live.ts).
import { onLiveEvent } from '@seamline/web/engine';
import { PROGRESS_EVENT, type Progress } from '../../meta/floor';

export type { Progress };

/** Calls `fn` with every progress pushed to the company; returns the unsubscribe function. */
export const onProgress = (fn: (p: Progress) => void): (() => void) => onLiveEvent<Progress>(PROGRESS_EVENT, fn);
