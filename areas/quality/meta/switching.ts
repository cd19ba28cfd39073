// ISO 2859-1 switching rules (clause 9; the same in ANSI/ASQ Z1.4 §8), per supplier and product:
// the severity of the next lot's plan follows from the results of the earlier lots' ORIGINAL
// inspections (a re-inspection of a rejected lot is not one), oldest first.
//
// - normal → tightened: 2 lots of 5 or fewer consecutive ones rejected;
// - tightened → normal: 5 consecutive lots accepted;
// - normal → reduced: only when the responsible authority allows it (`allowReduced`) and the last
//   10 lots were accepted (the 1989 condition, kept instead of the 1999 switching score, which
//   needs the AQL of each lot);
// - reduced → normal: a lot rejected, or accepted with more defects than Ac in some class (Table
//   II-C's gap between Ac and Re: MIL-STD-105E 8.3.3 b).
// Pure: the server reads the history and passes it in (docs/quality.md 'Switching rules').
import type { Severity } from './sampling';

export interface LotResult {
  accepted: boolean;
  /** Accepted, but some class counted more than its Ac (only possible on a reduced plan, where Re > Ac + 1). */
  beyondAccept?: boolean;
}

export type SwitchReason = 'start' | 'twoOfFiveRejected' | 'fiveAccepted' | 'tenAccepted' | 'rejectedOnReduced' | 'beyondAcceptOnReduced' | 'unchanged';

export interface SwitchState {
  severity: Severity;
  /** Why the severity is what it is (the last switch, or 'unchanged' / 'start'). */
  reason: SwitchReason;
  /** Consecutive accepted lots at the current severity. */
  acceptedRun: number;
  /** Results at the current severity since the last switch, newest last (the window of 5 for normal). */
  recent: boolean[];
}

export function nextSeverity(history: readonly LotResult[], options: { allowReduced?: boolean } = {}): SwitchState {
  let state: SwitchState = { severity: 'normal', reason: 'start', acceptedRun: 0, recent: [] };
  const to = (severity: Severity, reason: SwitchReason): SwitchState => ({ severity, reason, acceptedRun: 0, recent: [] });
  for (const lot of history) {
    const recent = [...state.recent, lot.accepted].slice(-5);
    const acceptedRun = lot.accepted ? state.acceptedRun + 1 : 0;
    const kept: SwitchState = { ...state, reason: state.reason === 'start' ? 'start' : state.reason, acceptedRun, recent };
    if (state.severity === 'normal') {
      if (recent.filter((a) => !a).length >= 2) state = to('tightened', 'twoOfFiveRejected');
      else if (options.allowReduced && acceptedRun >= 10) state = to('reduced', 'tenAccepted');
      else state = kept;
    } else if (state.severity === 'tightened') {
      state = acceptedRun >= 5 ? to('normal', 'fiveAccepted') : kept;
    } else if (!lot.accepted) {
      state = to('normal', 'rejectedOnReduced');
    } else {
      state = lot.beyondAccept ? to('normal', 'beyondAcceptOnReduced') : kept;
    }
  }
  return state;
}
