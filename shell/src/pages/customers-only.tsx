import { FormattedMessage } from 'react-intl';
import { Link } from '@portal/shared/router';
import { ButtonLink, Stack, Text } from '@portal/shared/ui';
import { useLocalizedPath } from '../i18n/localized-path';
import { PageMeta } from '../page/page-meta';

/**
 * What a provider employee sees on a customer's page: a refusal in words, still signed in, with the
 * way to their own home page (never the sign-in page: they are signed in).
 */
export function CustomersOnlyPage() {
  const path = useLocalizedPath();
  return (
    <PageMeta handle={{ titleKey: 'access.customersOnly.title' }}>
      <Stack align="flex-start" gap="md" py="xl" data-testid="customers-only">
        <Text variant="title" component="h1">
          <FormattedMessage id="access.customersOnly.title" />
        </Text>
        <Text>
          <FormattedMessage id="access.customersOnly.message" />
        </Text>
        <ButtonLink component={Link} to={path('/')}>
          <FormattedMessage id="error.notFound.home" />
        </ButtonLink>
      </Stack>
    </PageMeta>
  );
}
