// The one list of shops. `X-Shop-Type` names one of SHOP_TYPES: the contract `portal` or a public
// web shop; a product is sold in one public shop or both (`products.shop`, PRODUCT_SHOPS).
// Constants only: the shell bundles this file, so each schema is built where it is used.

/** The public web shops (list prices, open to visitors). */
export const PUBLIC_SHOPS = ['medical', 'tactical'] as const;
export type PublicShop = (typeof PUBLIC_SHOPS)[number];

/** What `X-Shop-Type` may say: the signed-in buyer's contract range, or a public shop. */
export const SHOP_TYPES = ['portal', ...PUBLIC_SHOPS] as const;
export type ShopType = (typeof SHOP_TYPES)[number];

/** Where a product is sold (the `shop` database enum). */
export const PRODUCT_SHOPS = [...PUBLIC_SHOPS, 'both'] as const;
export type ProductShop = (typeof PRODUCT_SHOPS)[number];
