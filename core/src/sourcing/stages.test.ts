import { describe, expect, it } from 'vitest';
import {
  AWARD,
  PROJECT_ACTIONS,
  actionAllowed,
  availableActions,
  firstFailedCheck,
  projectAction,
  type PublishingFacts,
} from './stages';

const fresh: PublishingFacts = {
  info_stage: '0',
  rfi_status: 'none',
  publish_stage: '0',
  inquiry_status: 'none',
  eval_stage: '0',
  contact_person: 'Ann Lee',
  contact_phone: '021-6000 1000',
  itemStatuses: ['active'],
  postedQuotations: 0,
  evalConfigActive: true,
  unfinishedQuotations: 0,
};
const act = (name: string) => projectAction(name)!;

describe('project stage machine (spec §4)', () => {
  it('walks info: not prepared → preparing → info delivered', () => {
    expect(actionAllowed(act('start-preparing'), fresh)).toBe(true);
    expect(act('start-preparing').set).toEqual({ info_stage: '10', rfi_status: 'open' });
    expect(actionAllowed(act('deliver-info'), fresh)).toBe(false);
    expect(actionAllowed(act('deliver-info'), { ...fresh, info_stage: '10' })).toBe(true);
    expect(act('deliver-info').set).toEqual({ info_stage: '20' });
    expect(actionAllowed(act('start-preparing'), { ...fresh, info_stage: '20' })).toBe(false);
  });

  it('walks publishing: not published → publishing → ended, with the inquiry quoting then closed', () => {
    expect(act('publish').set).toEqual({ publish_stage: '10', inquiry_status: 'quoting' });
    const publishing = { ...fresh, publish_stage: '10', inquiry_status: 'quoting' };
    expect(actionAllowed(act('publish'), publishing)).toBe(false);
    expect(actionAllowed(act('close-inquiry'), publishing)).toBe(true);
    expect(actionAllowed(act('end-publishing'), publishing)).toBe(true);
    expect(actionAllowed(act('end-publishing'), { ...publishing, publish_stage: '20' })).toBe(false);
  });

  it('walks evaluation: not started → evaluating → ended, only while publishing', () => {
    expect(actionAllowed(act('start-evaluation'), fresh)).toBe(false);
    const publishing = { ...fresh, publish_stage: '10' };
    expect(actionAllowed(act('start-evaluation'), publishing)).toBe(true);
    expect(actionAllowed(act('end-evaluation'), { ...publishing, eval_stage: '10' })).toBe(true);
    expect(actionAllowed(act('start-evaluation'), { ...publishing, eval_stage: '20' })).toBe(false);
  });

  it('offers the actions the stages allow', () => {
    expect(availableActions(fresh)).toEqual(['start-preparing', 'publish']);
    expect(new Set(PROJECT_ACTIONS.map((a) => a.action)).size).toBe(PROJECT_ACTIONS.length);
  });
});

describe('publishing-stage checks (spec §8), first failure wins', () => {
  it('contact person and phone must be filled', () => {
    expect(firstFailedCheck(act('publish'), { ...fresh, contact_person: ' ' })).toBe('publish.contactMissing');
    expect(firstFailedCheck(act('publish'), { ...fresh, contact_phone: null })).toBe('publish.contactMissing');
    expect(firstFailedCheck(act('start-preparing'), { ...fresh, contact_phone: '' })).toBe('publish.contactMissing');
    expect(firstFailedCheck(act('publish'), fresh)).toBeNull();
  });
  it('the RFI must not be open', () => {
    expect(firstFailedCheck(act('publish'), { ...fresh, rfi_status: 'open' })).toBe('publish.rfiNotClosed');
    expect(firstFailedCheck(act('deliver-info'), { ...fresh, rfi_status: 'open' })).toBe('publish.rfiNotClosed');
    expect(firstFailedCheck(act('publish'), { ...fresh, rfi_status: 'closed' })).toBeNull();
  });
  it('RFQ items must exist and all be active', () => {
    expect(firstFailedCheck(act('publish'), { ...fresh, itemStatuses: ['active', 'inactive'] })).toBe('publish.rfqItemsNotActive');
    expect(firstFailedCheck(act('publish'), { ...fresh, itemStatuses: [] })).toBe('publish.rfqItemsNotActive');
  });
  it('evaluation needs quotations, a closed RFQ and an active config, in that order', () => {
    const e = act('start-evaluation');
    expect(firstFailedCheck(e, { ...fresh, inquiry_status: 'quoting', evalConfigActive: false })).toBe('publish.noQuotations');
    expect(firstFailedCheck(e, { ...fresh, postedQuotations: 2, inquiry_status: 'quoting', evalConfigActive: false })).toBe('publish.rfqNotClosed');
    expect(firstFailedCheck(e, { ...fresh, postedQuotations: 2, inquiry_status: 'closed', evalConfigActive: false })).toBe('publish.evalConfigNotActive');
    expect(firstFailedCheck(e, { ...fresh, postedQuotations: 2, inquiry_status: 'closed' })).toBeNull();
  });
  it('ending the project needs a closed RFQ and a closed evaluation', () => {
    const end = act('end-publishing');
    expect(firstFailedCheck(end, { ...fresh, inquiry_status: 'quoting' })).toBe('publish.rfqNotClosed');
    expect(firstFailedCheck(end, { ...fresh, inquiry_status: 'closed', eval_stage: '10' })).toBe('publish.evalNotClosed');
    expect(firstFailedCheck(end, { ...fresh, inquiry_status: 'closed', eval_stage: '20' })).toBeNull();
  });
  it('awarding a quotation needs the evaluation closed', () => {
    expect(firstFailedCheck(AWARD, { ...fresh, eval_stage: '10' })).toBe('publish.evalNotClosed');
    expect(firstFailedCheck(AWARD, { ...fresh, eval_stage: '20' })).toBeNull();
  });
  it('closing the RFQ needs every started company quotation finished', () => {
    expect(firstFailedCheck(act('close-inquiry'), { ...fresh, unfinishedQuotations: 1 })).toBe('publish.unfinishedQuotations');
    expect(firstFailedCheck(act('close-inquiry'), fresh)).toBeNull();
  });
});
