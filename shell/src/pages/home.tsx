import { lazy } from 'react';
import { useIsSignedIn } from '../platform/use-is-signed-in';

const DashboardPage = lazy(() => import('./dashboard'));
const VisitorHomePage = lazy(() => import('./visitor-home'));

/**
 * `/`: the dashboard for a signed-in buyer; for a visitor, the public home that points to both web
 * shops (docs/decisions/004-routing-and-mounts.md).
 */
export default function HomePage() {
  return useIsSignedIn() ? <DashboardPage /> : <VisitorHomePage />;
}
