import type { ReactNode } from 'react';
import type { LayoutName } from '@portal/shared/routing';
import { AuthLayout } from './auth-layout';
import { CheckoutLayout } from './checkout-layout';
import { DefaultLayout } from './default-layout';
import { EmptyLayout } from './empty-layout';

const LAYOUTS: Record<LayoutName, (props: { children: ReactNode }) => ReactNode> = {
  auth: AuthLayout,
  checkout: CheckoutLayout,
  default: DefaultLayout,
  empty: EmptyLayout,
};

/** Frames a page with one of the four layouts of the spec. */
export function Layout({ name, children }: { name: LayoutName; children: ReactNode }) {
  const Frame = LAYOUTS[name];
  return <Frame>{children}</Frame>;
}
