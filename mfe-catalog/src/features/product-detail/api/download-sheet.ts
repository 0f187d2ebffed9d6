// The technical sheet PDF of a product, saved under its article code.
import { downloadFile, type ShopType } from '@portal/shared/api';

export const downloadTechnicalSheet = (url: string, shop: ShopType, fileName: string): Promise<void> => downloadFile(url, shop, fileName);
