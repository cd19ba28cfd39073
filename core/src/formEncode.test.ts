import { describe, expect, it } from 'vitest';
import { formEncode, formValue } from './formEncode';

describe('formEncode', () => {
  it.each([
    [{ a: 1, b: 'x' }, 'a=1&b=x'], // REQ-04
    [{ ids: [] }, 'ids='], // REQ-05
    [{ ids: [], a: 1 }, 'ids=&a=1'], // REQ-05
    [{ a: null, b: undefined }, 'a=&b='],
    [{ ids: [1, 2] }, 'ids=%5B1%2C2%5D'],
    [{ DATA: { k: 'v' } }, 'DATA=%7B%22k%22%3A%22v%22%7D'],
    [{ q: 'a b&c=d' }, 'q=a+b%26c%3Dd'],
    [{ flag: true, zero: 0 }, 'flag=true&zero=0'],
    [{}, ''],
  ])('%j → %s', (body, out) => {
    expect(formEncode(body)).toBe(out);
  });

  it('round-trips through URLSearchParams', () => {
    const p = new URLSearchParams(formEncode({ DATA: [{ ID: 1 }, { ID: 2 }], name: '订单 A' }));
    expect(p.get('DATA')).toBe('[{"ID":1},{"ID":2}]');
    expect(p.get('name')).toBe('订单 A');
  });

  it('dates travel as ISO strings', () => {
    expect(formValue(new Date(Date.UTC(2024, 0, 2, 3, 4, 5)))).toBe('2024-01-02T03:04:05.000Z');
  });
});
