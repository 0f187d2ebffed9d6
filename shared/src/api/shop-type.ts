/** The shops a request can be made for: the two public web shops and the contract portal. */
export const SHOP_TYPES = ['medical', 'tactical', 'portal'] as const;

/** Which shop a request is made for. */
export type ShopType = (typeof SHOP_TYPES)[number];

/** Header that tells the API which shop the request is made for. */
export const SHOP_TYPE_HEADER = 'X-Shop-Type';
