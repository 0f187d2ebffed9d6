import { FormattedMessage } from 'react-intl';
import { DASHBOARD_WIDGETS } from '@portal/shared/routing';
import { SimpleGrid, Stack, Text } from '@portal/shared/ui';
import { DashboardWidgetSlot } from '../federation/dashboard-widget';
import { ShortcutTiles } from '../page/shortcut-tiles';
import { RecallBanner } from '../features/recalls/recall-banner';

const TILES = [
  { to: '/my-products', title: 'nav.myProducts', body: 'dashboard.tile.products' },
  { to: '/my-orders', title: 'nav.myOrders', body: 'dashboard.tile.orders' },
  { to: '/quotations', title: 'nav.quotations', body: 'dashboard.tile.quotations' },
  // Order lists (decision 056): reached from here, the product pages, quick order and past orders;
  // the header has no room for a ninth link at 1280 px (looks.spec).
  { to: '/order-lists', title: 'nav.orderLists', body: 'dashboard.tile.orderLists' },
  { to: '/user/info', title: 'nav.user', body: 'dashboard.tile.user' },
];

/**
 * The signed-in home page: the widgets the remotes expose (each loads and fails on its own), then
 * the way to every part of the portal, which the shell renders itself so it works whatever is down.
 */
export default function DashboardPage() {
  return (
    <Stack gap="lg">
      <Text variant="title" component="h1">
        <FormattedMessage id="title.dashboard" />
      </Text>
      <Text variant="subtext">
        <FormattedMessage id="dashboard.intro" />
      </Text>
      <RecallBanner />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {DASHBOARD_WIDGETS.map((widget) => (
          <DashboardWidgetSlot key={`${widget.remote}/${widget.id}`} widget={widget} />
        ))}
      </SimpleGrid>
      <Stack component="nav" aria-labelledby="dashboard-shortcuts" gap="sm">
        <Text variant="heading" component="h2" id="dashboard-shortcuts">
          <FormattedMessage id="dashboard.shortcuts" />
        </Text>
        <ShortcutTiles tiles={TILES} headingLevel="h3" cols={{ base: 1, sm: 2, lg: 4 }} />
      </Stack>
    </Stack>
  );
}
