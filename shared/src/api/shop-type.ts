/** The shops a request can be made for: the one list lives with the schemas. */
export { SHOP_TYPES, type ShopType } from '../schemas/shops';

/** Header that tells the API which shop the request is made for. */
export const SHOP_TYPE_HEADER = 'X-Shop-Type';
