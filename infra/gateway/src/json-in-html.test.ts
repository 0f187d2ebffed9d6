import { describe, expect, it } from 'vitest';
import { jsonDataBlock, jsonForHtml } from './json-in-html';

describe('JSON in HTML', () => {
  const hostile = {
    end: '</script><script>alert(1)</script>',
    comment: '<!-- <script>',
    upper: '</SCRIPT >',
    amp: 'a & b > c',
    separators: 'line\u2028paragraph\u2029end',
    quote: `"'`,
  };

  it('never lets a string end the element, open a comment or break a line', () => {
    const text = jsonForHtml(hostile);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text.toLowerCase()).not.toContain('</script');
  });

  it('reads back to the same value', () => {
    expect(JSON.parse(jsonForHtml(hostile))).toEqual(hostile);
  });

  it('is one data block, which browsers do not execute', () => {
    const block = jsonDataBlock('portal-registry', hostile);
    expect(block).toMatch(/^<script type="application\/json" id="portal-registry">[^<]*<\/script>$/);
  });
});
