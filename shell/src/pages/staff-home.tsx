import { TilesHome } from '../page/tiles-home';

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
  return <TilesHome title="title.staff" intro="staff.intro" tiles={TILES} />;
}
