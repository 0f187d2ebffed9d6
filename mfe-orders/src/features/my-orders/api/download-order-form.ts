// The order form PDF of an order in the portal, saved as a file named after the order.
import { downloadFile } from '@portal/shared/api';

export const downloadOrderForm = (url: string, number: string): Promise<void> => downloadFile(url, 'portal', `order-form-${number}.pdf`);
