import { lazy, Suspense } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from '@portal/shared/router';
import { ButtonLink, Card, Group, SimpleGrid, Stack, Text } from '@portal/shared/ui';
import { useLocalizedPath } from '../i18n/localized-path';
import classes from './pages.module.css';

// The shops' families and products read the catalogue (TanStack Query, its own chunk): after the text.
const ShopHighlights = lazy(() => import('./shop-highlights'));

/** The home page of a visitor without a contract: the two public web shops, what each offers, and sign-in. */
export default function VisitorHomePage() {
  const path = useLocalizedPath();
  return (
    <Stack gap="lg">
      <Text variant="hero" component="h1" className={classes.hero}>
        <FormattedMessage id="home.visitor.title" />
      </Text>
      <Text variant="subtitle" component="p">
        <FormattedMessage id="home.visitor.intro" />
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder padding="lg">
          <Text variant="heading" component="h2">
            <FormattedMessage id="home.shop.medical.title" />
          </Text>
          <Text variant="subtext" className={classes.cardText}>
            <FormattedMessage id="home.shop.medical.body" />
          </Text>
          <Suspense fallback={null}>
            <ShopHighlights shop="medical" />
          </Suspense>
          <ButtonLink component={Link} to={`${path('/products')}?shop=medical`} variant="outline">
            <FormattedMessage id="home.shop.medical.cta" />
          </ButtonLink>
        </Card>
        <Card withBorder padding="lg">
          <Text variant="heading" component="h2">
            <FormattedMessage id="home.shop.tactical.title" />
          </Text>
          <Text variant="subtext" className={classes.cardText}>
            <FormattedMessage id="home.shop.tactical.body" />
          </Text>
          <Suspense fallback={null}>
            <ShopHighlights shop="tactical" />
          </Suspense>
          <ButtonLink component={Link} to={`${path('/products')}?shop=tactical`} variant="outline">
            <FormattedMessage id="home.shop.tactical.cta" />
          </ButtonLink>
        </Card>
      </SimpleGrid>
      <Group>
        <Text>
          <FormattedMessage id="home.visitor.contract" />
        </Text>
        <ButtonLink component={Link} to={path('/auth/login')}>
          <FormattedMessage id="nav.signIn" />
        </ButtonLink>
      </Group>
    </Stack>
  );
}
