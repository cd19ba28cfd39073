// Paging read one way for every list (server/src/input.ts pagingOf / pageParams): what a client
// may ask for, and the 400 naming the parameter for anything out of range (issue 22 point 4.6).
import { describe, expect, it } from 'vitest';
import { HttpError } from './errors';
import { MAX_PAGE, pageParams, pagingOf } from './input';

const refused = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof HttpError ? [err.status, err.messageKey, err.params?.name] : String(err);
  }
  return 'accepted';
};

describe('paging', () => {
  it('defaults, cuts a large size to the list’s maximum, and reads p or the plain query', () => {
    expect(pagingOf({})).toEqual({ page: 1, size: 20 });
    expect(pagingOf({ page: '3', pageSize: 50 }, { maxSize: 40 })).toEqual({ page: 3, size: 40 });
    expect(pageParams({ p: '{"page":2,"size":5}' })).toEqual({ page: 2, size: 5 });
    expect(pageParams({ p: { page: 4 }, size: '7' }, { defaultSize: 12 })).toEqual({ page: 4, size: 7 });
    expect(pageParams({ page: '2' }, { defaultSize: 12 })).toEqual({ page: 2, size: 12 });
    expect(pagingOf({ page: MAX_PAGE })).toEqual({ page: MAX_PAGE, size: 20 });
  });

  it('answers 400 naming the parameter for out-of-range or malformed paging', () => {
    for (const page of [0, -1, 2.5, 1e20, '1e20', 'x', MAX_PAGE + 1, [1, 2]]) expect(refused(() => pagingOf({ page }))).toEqual([400, 'input.badParam', 'page']);
    for (const size of [0, -5, 'NaN', 1e20]) expect(refused(() => pagingOf({ size }))).toEqual([400, 'input.badParam', 'size']);
    expect(refused(() => pageParams({ p: '{"page":1e20}' }))).toEqual([400, 'input.badParam', 'page']);
    expect(refused(() => pageParams({ p: '[1]' }))).toEqual([400, 'input.badParam', 'p']);
    expect(refused(() => pageParams({ p: '{' }))).toEqual([400, 'input.badJson', undefined]);
  });
});
