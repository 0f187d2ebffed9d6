import { TilesHome } from '../page/tiles-home';

const TILES = [
  { to: '/my-orders', title: 'nav.myOrders', body: 'staff.tile.orders' },
  { to: '/user/info', title: 'nav.user', body: 'staff.tile.user' },
  // The supplier's systems: integration clients, imports, webhook deliveries (issue 29).
  { to: '/user/integration', title: 'title.integration', body: 'staff.tile.integration' },
  // Recalls and field safety notices: open, follow, export for the authority (issue 42, decision 074).
  { to: '/user/recalls', title: 'title.recalls', body: 'staff.tile.recalls' },
  // The figures to check first: orders per hour, errors, queues, failed deliveries (issue 43, decision 081).
  { to: '/user/operations', title: 'title.operations', body: 'staff.tile.operations' },
  // The e-invoices and Despatch Advices the delivery gave up on, and their retry (decision 083).
  { to: '/invoices/failed-deliveries', title: 'title.failed_deliveries', body: 'staff.tile.failedDeliveries' },
];

/**
 * The home page of a provider employee (case manager, sales consultant). The buyer's dashboard is
 * built from the contract range, which is not theirs; they get the orders of the organisations
 * assigned to them, their own profile and the integration with the supplier's systems.
 */
export default function StaffHomePage() {
  return <TilesHome title="title.staff" intro="staff.intro" tiles={TILES} />;
}
