import { FormattedMessage } from 'react-intl';
import { Link, useLocation } from '@portal/shared/router';
import { ButtonLink, Stack, Text } from '@portal/shared/ui';
import { useLocalizedPath } from '../i18n/localized-path';
import { PageMeta } from '../page/page-meta';

/** Status code and message of an error page (spec section 2: defaults 404 and "Page not found"). */
export interface ErrorPageProps {
  statusCode?: number;
}

/** The page-not-found error page: "Page Not Found: {path}", treated as fatal (no retry offered). */
export function NotFoundPage({ statusCode = 404 }: ErrorPageProps) {
  const { pathname } = useLocation();
  const path = useLocalizedPath();
  return (
    <PageMeta handle={{ titleKey: 'error.notFound.title' }}>
      <Stack align="center" gap="md" py="xl" data-testid="not-found" data-status={statusCode}>
        <Text variant="hero" component="p" aria-hidden>
          {statusCode}
        </Text>
        <Text variant="title" component="h1">
          <FormattedMessage id="error.notFound.title" />
        </Text>
        <Text>
          <FormattedMessage id="error.notFound.message" values={{ path: pathname }} />
        </Text>
        <ButtonLink component={Link} to={path('/')}>
          <FormattedMessage id="error.notFound.home" />
        </ButtonLink>
      </Stack>
    </PageMeta>
  );
}
