// The server's in-use warning (spec §8 'process in use … still process', MD-17): a save or delete
// of rows in use answers 400 with `data: {warning: 'IN_USE', count, usages}` and the message in the
// user's language. The request client leaves it to the caller (no toast), which asks the user
// and re-sends with `force=1` ('Still process') or leaves everything as it was ('Cancel'). A save
// the server wants confirmed for another reason (`data.warning: 'CONFIRM'`, no usages) is asked
// the same way.
import { ApiError } from '../../api';

export const IN_USE = 'IN_USE';
/** A save the server wants confirmed first (e.g. a target it will not send to); asked the same way. */
export const CONFIRM = 'CONFIRM';
const ASKS = [IN_USE, CONFIRM];

export interface InUseWarning {
  /** The server's message ('the process is in use, still process?'). */
  message: string;
  /** How many uses there are (may be more than `usages` lists). */
  count: number;
  /** What uses the rows, as texts. */
  usages: string[];
}

/** For the request client's `notify`: every failure is shown except the warnings the caller asks about. */
export const notifyUnlessInUse = ({ data }: { data: Record<string, unknown> }) => !ASKS.includes(data.warning as string);

/** The warning an error carries, else null. */
export function inUseWarning(err: unknown): InUseWarning | null {
  if (!(err instanceof ApiError) || !ASKS.includes(err.data.warning as string)) return null;
  const usages = Array.isArray(err.data.usages) ? err.data.usages.map(String) : [];
  const count = typeof err.data.count === 'number' ? err.data.count : usages.length;
  return { message: err.message, count, usages };
}
