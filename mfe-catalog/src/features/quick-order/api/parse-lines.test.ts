import { describe, expect, it } from 'vitest';
import { parseQuickOrder } from './parse-lines';

describe('parseQuickOrder', () => {
  it('reads tab, semicolon, comma and space separated lines, NSNs with dashes', () => {
    expect(parseQuickOrder('NW-100037\t2\n6545-01-532-3674;5\nBND-00001,1\nabc 12  \n').lines).toEqual([
      { code: 'NW-100037', quantity: 2 },
      { code: '6545-01-532-3674', quantity: 5 },
      { code: 'BND-00001', quantity: 1 },
      { code: 'abc', quantity: 12 },
    ]);
  });

  it('skips a CSV header and blank lines, and reports unreadable lines by number', () => {
    const result = parseQuickOrder('code;quantity\n"NW-1";"3"\n\nno quantity here\nX-2;0\n');
    expect(result.lines).toEqual([{ code: 'NW-1', quantity: 3 }]);
    expect(result.invalid).toEqual([4, 5]);
  });
});
