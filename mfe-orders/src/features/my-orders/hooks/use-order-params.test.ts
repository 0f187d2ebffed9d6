import { describe, expect, it } from 'vitest';
import { readOrderParams, toOrderQuery } from './use-order-params';

describe('order list URL state', () => {
  it('reads known values and drops the rest', () => {
    const p = readOrderParams(new URLSearchParams('q=SO-2026&status=delivered&from=2026-01-01&to=nope&page=3'));
    expect(p).toEqual({ q: 'SO-2026', status: 'delivered', from: '2026-01-01', to: '', page: 3 });
    expect(readOrderParams(new URLSearchParams('status=lost&page=-2'))).toMatchObject({ status: null, page: 1 });
  });

  it('sends only what is set', () => {
    expect(toOrderQuery(readOrderParams(new URLSearchParams('q=x')))).toEqual({ q: 'x', status: undefined, from: undefined, to: undefined, page: undefined });
  });
});
