import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { DialogHost, ToastHost } from '@portal/shared/ui';

/** The one toast host and the one dialog host of the portal, translated for the current locale. */
export function Hosts({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const closeLabel = intl.formatMessage({ id: 'ui.close' });
  return (
    <DialogHost closeLabel={closeLabel}>
      <ToastHost closeLabel={closeLabel} />
      {children}
    </DialogHost>
  );
}
