import { FormattedMessage } from 'react-intl';
import { Link } from '@portal/shared/router';
import { Card, SimpleGrid, Stack, Text } from '@portal/shared/ui';
import { useLocalizedPath } from '../app/localized-path';
import classes from './pages.module.css';

const TILES = [
  { to: '/my-products', title: 'nav.myProducts', body: 'dashboard.tile.products' },
  { to: '/my-orders', title: 'nav.myOrders', body: 'dashboard.tile.orders' },
  { to: '/quotations', title: 'nav.quotations', body: 'dashboard.tile.quotations' },
  { to: '/user/info', title: 'nav.user', body: 'dashboard.tile.user' },
];

/** The signed-in home page. Remotes' dashboard widgets join it in their own issues. */
export default function DashboardPage() {
  const path = useLocalizedPath();
  return (
    <Stack gap="lg">
      <Text variant="title" component="h1">
        <FormattedMessage id="title.dashboard" />
      </Text>
      <Text variant="subtext">
        <FormattedMessage id="dashboard.intro" />
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {TILES.map((tile) => (
          <Card key={tile.to} withBorder component={Link} to={path(tile.to)} padding="lg">
            <Text variant="heading" component="h2">
              <FormattedMessage id={tile.title} />
            </Text>
            <Text variant="subtext" className={classes.cardText}>
              <FormattedMessage id={tile.body} />
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
