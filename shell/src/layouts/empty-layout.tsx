import type { ReactNode } from 'react';

/** No frame at all: for pages that draw everything themselves. */
export function EmptyLayout({ children }: { children: ReactNode }) {
  return <main id="main">{children}</main>;
}
