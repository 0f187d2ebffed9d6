import { FormattedMessage, useIntl } from 'react-intl';
import { messageText } from '@portal/shared/i18n';
import { Stack, Text } from '@portal/shared/ui';
import classes from './content-page.module.css';
import { renderMarkdown } from './markdown';

/** Which server-managed text a public content page shows. */
export interface ContentPageProps {
  /** Translation key of the page title (spec section 2 title keys). */
  titleKey: string;
  /**
   * Key of the body in GET /api/v1/translations, e.g. `policies.refund-policy.body`; a key ending
   * in a dot is a prefix, and every text under it is shown in key order (the FAQ's entries).
   */
  bodyKey: string;
}

/**
 * A public content page (about, policies, FAQ…). Its body is a server-managed text, so the legal
 * team changes it without a deploy. It is Markdown (headings, lists, tables, bold), rendered sanitised.
 */
export default function ContentPage({ titleKey, bodyKey }: ContentPageProps) {
  const intl = useIntl();
  const keys = bodyKey.endsWith('.') ? Object.keys(intl.messages).filter((k) => k.startsWith(bodyKey)).sort() : [bodyKey];
  // The Markdown source: a compiled literal's text, or the text itself when it has ICU syntax.
  const texts = keys.map((k) => messageText(intl.messages[k])).filter((t): t is string => t !== undefined);
  const body = texts.length ? texts.join('\n\n') : undefined;
  return (
    <Stack gap="md" maw={800}>
      <Text variant="title" component="h1">
        <FormattedMessage id={titleKey} />
      </Text>
      {body ? (
        // Sanitised by renderMarkdown (DOMPurify) before it reaches the DOM.
        <div className={classes.prose} data-testid="content-body" dangerouslySetInnerHTML={{ __html: renderMarkdown(body) }} />
      ) : (
        <Text variant="subtext">
          <FormattedMessage id="content.unavailable" />
        </Text>
      )}
    </Stack>
  );
}
