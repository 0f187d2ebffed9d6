import DOMPurify from 'dompurify';
import { Marked } from 'marked';

// One parser of our own: `marked`'s global instance is shared with whatever else imports it.
const parser = new Marked({ gfm: true, breaks: false, async: false });

/**
 * Server-managed Markdown (policy and FAQ texts) as sanitised HTML. The texts are ours, but they are
 * edited outside a deploy, so they are treated as untrusted: DOMPurify removes scripts, event
 * handlers and javascript: links whatever the Markdown produced.
 *
 * The page already shows its title as the one h1, so a leading `# Title` line of the body is
 * dropped, and any other h1 is rendered as h2 to keep one h1 per page.
 */
export function renderMarkdown(markdown: string): string {
  const body = markdown.replace(/^\s*#\s[^\n]*\n+/, '');
  const html = parser.parse(body) as string;
  return DOMPurify.sanitize(html.replace(/<(\/?)h1>/g, '<$1h2>'), { USE_PROFILES: { html: true } });
}

