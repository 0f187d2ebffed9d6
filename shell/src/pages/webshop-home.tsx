import { TilesHome } from '../page/tiles-home';

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
  return <TilesHome title="title.dashboard" intro="webshop.intro" tiles={TILES} />;
}
