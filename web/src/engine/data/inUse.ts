// The server's in-use warning (spec §8 'process in use … still process', MD-17): a save or delete
// of rows in use answers 400 with `data: {warning: 'IN_USE', count, usages}` and the message in the
// user's language. The request client leaves it to the caller (no toast), which asks the user
// and re-sends with `force=1` ('Still process') or leaves everything as it was ('Cancel').
import { ApiError } from '../../api';

export const IN_USE = 'IN_USE';

export interface InUseWarning {
  /** The server's message ('the process is in use, still process?'). */
  message: string;
  /** How many uses there are (may be more than `usages` lists). */
  count: number;
  /** What uses the rows, as texts. */
  usages: string[];
}

/** For the request client's `notify`: every failure is shown except the in-use warning. */
export const notifyUnlessInUse = ({ data }: { data: Record<string, unknown> }) => data.warning !== IN_USE;

/** The warning an error carries, else null. */
export function inUseWarning(err: unknown): InUseWarning | null {
  if (!(err instanceof ApiError) || err.data.warning !== IN_USE) return null;
  const usages = Array.isArray(err.data.usages) ? err.data.usages.map(String) : [];
  const count = typeof err.data.count === 'number' ? err.data.count : usages.length;
  return { message: err.message, count, usages };
}
