import { FormattedMessage } from 'react-intl';
import { Stack, Text } from '@portal/shared/ui';
import { ShortcutTiles } from '../page/shortcut-tiles';

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
  return (
    <Stack gap="lg">
      <Text variant="title" component="h1">
        <FormattedMessage id="title.staff" />
      </Text>
      <Text variant="subtext">
        <FormattedMessage id="staff.intro" />
      </Text>
      <ShortcutTiles tiles={TILES} headingLevel="h2" cols={{ base: 1, sm: 2 }} />
    </Stack>
  );
}
