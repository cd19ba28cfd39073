// ISO 2859-1 switching rules (clause 9) as a walk over the lots' results, oldest first.
import { describe, expect, it } from 'vitest';
import { nextSeverity } from './switching';

const lots = (s: string) => [...s].map((c) => ({ accepted: c === 'A' }));

describe('nextSeverity', () => {
  it('starts at normal and stays there while fewer than 2 of 5 consecutive lots are rejected', () => {
    expect(nextSeverity([])).toMatchObject({ severity: 'normal', reason: 'start' });
    expect(nextSeverity(lots('AAAAR')).severity).toBe('normal');
    // Rejections 5 lots apart are not within 5 consecutive lots.
    expect(nextSeverity(lots('RAAAAR')).severity).toBe('normal');
  });

  it('normal → tightened when 2 of 5 or fewer consecutive lots are rejected', () => {
    expect(nextSeverity(lots('RR'))).toMatchObject({ severity: 'tightened', reason: 'twoOfFiveRejected' });
    expect(nextSeverity(lots('RAAAR'))).toMatchObject({ severity: 'tightened', reason: 'twoOfFiveRejected' });
    expect(nextSeverity(lots('AARAR')).severity).toBe('tightened');
  });

  it('tightened → normal after 5 consecutive accepted; a rejection restarts the count', () => {
    expect(nextSeverity(lots('RRAAAA')).severity).toBe('tightened');
    expect(nextSeverity(lots('RRAAAAA'))).toMatchObject({ severity: 'normal', reason: 'fiveAccepted' });
    expect(nextSeverity(lots('RRAAAARAAAA')).severity).toBe('tightened');
    expect(nextSeverity(lots('RRAAAARAAAAA')).severity).toBe('normal');
    // Back at normal, the window of 5 starts afresh: one rejection does not tighten again.
    expect(nextSeverity(lots('RRAAAAAR')).severity).toBe('normal');
    expect(nextSeverity(lots('RRAAAAARR')).severity).toBe('tightened');
  });

  it('reduced only when allowed, after 10 accepted; a rejection under reduced returns to normal', () => {
    expect(nextSeverity(lots('AAAAAAAAAA')).severity).toBe('normal');
    expect(nextSeverity(lots('AAAAAAAAAA'), { allowReduced: true })).toMatchObject({ severity: 'reduced', reason: 'tenAccepted' });
    expect(nextSeverity(lots('AAAAAAAAAAAAR'), { allowReduced: true })).toMatchObject({ severity: 'normal', reason: 'rejectedOnReduced' });
    expect(nextSeverity(lots('AAAAAAAAAAAAAA'), { allowReduced: true })).toMatchObject({ severity: 'reduced', reason: 'tenAccepted' });
    // 9 accepted are not enough; a rejection restarts the count of 10
    expect(nextSeverity(lots('AAAAAAAAA'), { allowReduced: true }).severity).toBe('normal');
    expect(nextSeverity(lots('AAAAARAAAAAAAAA'), { allowReduced: true }).severity).toBe('normal');
    expect(nextSeverity(lots('AAAAARAAAAAAAAAA'), { allowReduced: true }).severity).toBe('reduced');
  });

  it('reduced → normal when a lot is accepted with more than Ac (the gap of Table II-C); back to reduced after 10 more', () => {
    const ten = lots('AAAAAAAAAA');
    const gap = { accepted: true, beyondAccept: true };
    expect(nextSeverity([...ten, gap], { allowReduced: true })).toMatchObject({ severity: 'normal', reason: 'beyondAcceptOnReduced' });
    // under normal the flag cannot occur (Re = Ac + 1), and an accepted lot counts as accepted
    expect(nextSeverity([...ten, gap, ...ten], { allowReduced: true }).severity).toBe('reduced');
  });
});
