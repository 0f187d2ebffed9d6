import { lazy } from 'react';
import { useIsStaff } from '../platform/customers-only';
import { useIsSignedIn } from '../platform/use-is-signed-in';

const DashboardPage = lazy(() => import('./dashboard'));
const VisitorHomePage = lazy(() => import('./visitor-home'));
const StaffHomePage = lazy(() => import('./staff-home'));

/**
 * `/`: the dashboard for a signed-in buyer; provider staff get a home page of their own; for a visitor, the public home that points to both web
 * shops (docs/decisions/004-routing-and-mounts.md).
 */
export default function HomePage() {
  const signedIn = useIsSignedIn();
  const staff = useIsStaff();
  if (staff) return <StaffHomePage />;
  return signedIn ? <DashboardPage /> : <VisitorHomePage />;
}
