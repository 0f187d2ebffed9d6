// The technical sheet is a PDF from the API; in the portal it needs the access token, which a plain
// link cannot send, so it is fetched and handed to the browser as a file.
import type { ShopType } from '@portal/shared/api';
import { sessionStore } from '@portal/shared/session';

export async function downloadTechnicalSheet(url: string, shop: ShopType, fileName: string, locale: string): Promise<void> {
  const token = await sessionStore.getState().getValidAccessToken();
  const res = await fetch(url, {
    headers: { 'X-Shop-Type': shop, 'Accept-Language': locale, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  if (!res.ok) throw new Error(`technical sheet: HTTP ${res.status}`);
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
