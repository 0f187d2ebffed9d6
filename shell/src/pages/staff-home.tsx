import { FormattedMessage } from 'react-intl';
import { Link } from '@portal/shared/router';
import { Card, SimpleGrid, Stack, Text } from '@portal/shared/ui';
import { useLocalizedPath } from '../i18n/localized-path';
import classes from './pages.module.css';

const TILES = [
  { to: '/my-orders', title: 'nav.myOrders', body: 'staff.tile.orders' },
  { to: '/user/info', title: 'nav.user', body: 'staff.tile.user' },
];

/**
 * The home page of a provider employee (case manager, sales consultant). The buyer's dashboard is
 * built from the contract range, which is not theirs; they get the orders of the organisations
 * assigned to them and their own profile.
 */
export default function StaffHomePage() {
  const path = useLocalizedPath();
  return (
    <Stack gap="lg">
      <Text variant="title" component="h1">
        <FormattedMessage id="title.staff" />
      </Text>
      <Text variant="subtext">
        <FormattedMessage id="staff.intro" />
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
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
