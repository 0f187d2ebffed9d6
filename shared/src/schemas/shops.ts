// The one list of shops. `X-Shop-Type` names one of SHOP_TYPES: the contract `portal` or a public
// web shop; a product is sold in one public shop or both (`products.shop`, PRODUCT_SHOPS).
import * as v from 'valibot';

/** The public web shops (list prices, open to visitors). */
export const PUBLIC_SHOPS = ['medical', 'tactical'] as const;
export const PublicShopSchema = v.picklist(PUBLIC_SHOPS);
export type PublicShop = v.InferOutput<typeof PublicShopSchema>;

/** What `X-Shop-Type` may say: the signed-in buyer's contract range, or a public shop. */
export const SHOP_TYPES = ['portal', ...PUBLIC_SHOPS] as const;
export const ShopTypeSchema = v.picklist(SHOP_TYPES);
export type ShopType = v.InferOutput<typeof ShopTypeSchema>;

/** Where a product is sold (the `shop` database enum). */
export const PRODUCT_SHOPS = [...PUBLIC_SHOPS, 'both'] as const;
export type ProductShop = (typeof PRODUCT_SHOPS)[number];
