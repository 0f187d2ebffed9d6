// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';

describe('renderMarkdown', () => {
  it('renders headings, lists, bold and tables, without the leading title (the page has its h1)', () => {
    const html = renderMarkdown('# Shipping policy\n\nWe **deliver**.\n\n## Costs\n- one\n- two\n\n| Method | Cost |\n|---|---|\n| Express | €19.95 |');
    expect(html).not.toContain('Shipping policy');
    expect(html).not.toContain('#');
    expect(html).not.toContain('|');
    expect(html).toContain('<strong>deliver</strong>');
    expect(html).toContain('<h2>Costs</h2>');
    expect(html).toMatch(/<ul>\s*<li>one<\/li>/);
    expect(html).toMatch(/<th>Method<\/th>[\s\S]*<td>Express<\/td>/);
  });

  it('keeps one h1 per page: a later h1 becomes an h2', () => {
    expect(renderMarkdown('Intro\n\n# Later')).toContain('<h2>Later</h2>');
    expect(renderMarkdown('Intro\n\n# Later')).not.toContain('<h1');
  });

  // Sanitising is tested in Chromium (infra/e2e/tests/content-and-languages.spec.ts): happy-dom's
  // parser is not the one DOMPurify is built to defend against.
});
