// The order form PDF of a placed order, saved under the order's number.
import { downloadFile, type ShopType } from '@portal/shared/api';

export const downloadOrderForm = (url: string, shop: ShopType, fileName: string): Promise<void> => downloadFile(url, shop, fileName);
