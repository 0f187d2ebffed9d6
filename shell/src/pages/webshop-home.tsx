import { FormattedMessage } from 'react-intl';
import { Stack, Text } from '@portal/shared/ui';
import { ShortcutTiles } from '../page/shortcut-tiles';

const TILES = [
  { to: '/products', title: 'nav.shop', body: 'webshop.tile.shop' },
  { to: '/my-orders', title: 'nav.myOrders', body: 'webshop.tile.orders' },
  { to: '/user/info', title: 'nav.user', body: 'webshop.tile.user' },
];

/**
 * The home page of a web-shop customer (signed in, no organisation). The buyer's dashboard speaks
 * of a contract and an organisation's orders, which they do not have: they get the shop, their own
 * orders and their account.
 */
export default function WebshopHomePage() {
  return (
    <Stack gap="lg">
      <Text variant="title" component="h1">
        <FormattedMessage id="title.dashboard" />
      </Text>
      <Text variant="subtext">
        <FormattedMessage id="webshop.intro" />
      </Text>
      <ShortcutTiles tiles={TILES} headingLevel="h2" cols={{ base: 1, sm: 3 }} />
    </Stack>
  );
}
