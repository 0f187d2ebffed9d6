import { describe, expect, it } from 'vitest';
import { ExpositionError, parseExposition } from './prometheus-text';

describe('parseExposition', () => {
  it('reads counters and labelled histograms as prom-client writes them, skipping HELP and TYPE', () => {
    const samples = parseExposition(`# HELP portal_browser_lcp_seconds LCP
# TYPE portal_browser_lcp_seconds histogram
portal_browser_lcp_seconds_bucket{le="1",remote="catalog",version="0.1.0-a",release="canary"} 3
portal_browser_lcp_seconds_bucket{le="+Inf",remote="catalog",version="0.1.0-a",release="canary"} 5
portal_browser_lcp_seconds_bucket{le="+Inf",remote="catalog",version="0.1.0-b",release="stable"} 7
portal_browser_lcp_seconds_sum{remote="catalog",version="0.1.0-a",release="canary"} 4.5
process_start_time_seconds 1.7e9 1700000000000
`);
    expect(samples).toEqual([
      { name: 'portal_browser_lcp_seconds_bucket', labels: { le: '1', remote: 'catalog', version: '0.1.0-a', release: 'canary' }, value: 3 },
      { name: 'portal_browser_lcp_seconds_bucket', labels: { le: '+Inf', remote: 'catalog', version: '0.1.0-a', release: 'canary' }, value: 5 },
      { name: 'portal_browser_lcp_seconds_bucket', labels: { le: '+Inf', remote: 'catalog', version: '0.1.0-b', release: 'stable' }, value: 7 },
      { name: 'portal_browser_lcp_seconds_sum', labels: { remote: 'catalog', version: '0.1.0-a', release: 'canary' }, value: 4.5 },
      { name: 'process_start_time_seconds', labels: {}, value: 1.7e9 },
    ]);
  });

  it('undoes escapes in label values and reads special values', () => {
    const [a, b, c] = parseExposition('x{route="/a \\"b\\" \\\\ c\\nd",} +Inf\ny{} NaN\nz -Inf\n');
    expect(a).toEqual({ name: 'x', labels: { route: '/a "b" \\ c\nd' }, value: Infinity });
    expect(b!.value).toBeNaN();
    expect(c!.value).toBe(-Infinity);
  });

  it('refuses a malformed line with its number instead of reading half a scrape', () => {
    expect(() => parseExposition('ok 1\nbad{route="/x} 1')).toThrow(new ExpositionError(2, 'unterminated value of route'));
    expect(() => parseExposition('ok 1\nbad 1x')).toThrow(/line 2: bad value "1x"/);
    expect(() => parseExposition('{a="b"} 1')).toThrow(/line 1: expected a metric name/);
    expect(() => parseExposition('<html>')).toThrow(ExpositionError);
  });
});
