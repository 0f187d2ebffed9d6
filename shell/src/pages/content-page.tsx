import { FormattedMessage, useIntl } from 'react-intl';
import { Stack, Text } from '@portal/shared/ui';

/** Which server-managed text a public content page shows. */
export interface ContentPageProps {
  /** Translation key of the page title (spec section 2 title keys). */
  titleKey: string;
  /** Key of the body in GET /api/v1/translations, e.g. `policies.refund-policy.body`. */
  bodyKey: string;
}

/**
 * A public content page (about, policies, FAQ…). Its body is a server-managed text, so the legal
 * team changes it without a deploy; paragraphs are separated by blank lines.
 */
export default function ContentPage({ titleKey, bodyKey }: ContentPageProps) {
  const intl = useIntl();
  const body = typeof intl.messages[bodyKey] === 'string' ? (intl.messages[bodyKey] as string) : undefined;
  return (
    <Stack gap="md" maw={800}>
      <Text variant="title" component="h1">
        <FormattedMessage id={titleKey} />
      </Text>
      {body ? (
        body.split(/\n{2,}/).map((paragraph, i) => <Text key={i}>{paragraph}</Text>)
      ) : (
        <Text variant="subtext">
          <FormattedMessage id="content.unavailable" />
        </Text>
      )}
    </Stack>
  );
}
