// The order form PDF needs the access token, which a plain link cannot send: it is fetched through
// the shared client and handed to the browser as a file named after the order.
import { portalApi } from '@portal/shared/api';

export async function downloadOrderForm(url: string, number: string): Promise<void> {
  const file = await portalApi({ shop: 'portal' }).blob(url);
  const href = URL.createObjectURL(file);
  const a = document.createElement('a');
  a.href = href;
  a.download = `order-form-${number}.pdf`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
