import { FormattedMessage, useIntl } from 'react-intl';
import { Stack, Text } from '@portal/shared/ui';

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
 * team changes it without a deploy; paragraphs are separated by blank lines.
 */
export default function ContentPage({ titleKey, bodyKey }: ContentPageProps) {
  const intl = useIntl();
  const keys = bodyKey.endsWith('.') ? Object.keys(intl.messages).filter((k) => k.startsWith(bodyKey)).sort() : [bodyKey];
  const texts = keys.map((k) => intl.messages[k]).filter((t): t is string => typeof t === 'string');
  const body = texts.length ? texts.join('\n\n') : undefined;
  return (
    <Stack gap="md" maw={800}>
      <Text variant="title" component="h1">
        <FormattedMessage id={titleKey} />
      </Text>
      {body ? (
        body.split(/\n{2,}/).map((paragraph, i) => <Text key={i}>{withBold(paragraph)}</Text>)
      ) : (
        <Text variant="subtext">
          <FormattedMessage id="content.unavailable" />
        </Text>
      )}
    </Stack>
  );
}

/** Server texts mark questions and key terms as **bold**; everything else is plain text. */
function withBold(paragraph: string) {
  return paragraph.split('**').map((part, i) => (i % 2 === 1 ? <strong key={i}>{part}</strong> : part));
}
