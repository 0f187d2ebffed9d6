import { lazy } from 'react';
import { useAudience } from '@portal/shared/session';

const DashboardPage = lazy(() => import('./dashboard'));
const VisitorHomePage = lazy(() => import('./visitor-home'));
const StaffHomePage = lazy(() => import('./staff-home'));
const WebshopHomePage = lazy(() => import('./webshop-home'));

/**
 * `/`: the dashboard for a contract customer's user; provider staff and web-shop customers get a
 * home page of their own; for a visitor, the public home that points to both web shops
 * (docs/decisions/004-routing-and-mounts.md).
 */
export default function HomePage() {
  const audience = useAudience();
  if (audience === 'staff') return <StaffHomePage />;
  if (audience === 'webshop') return <WebshopHomePage />;
  return audience === 'contract' ? <DashboardPage /> : <VisitorHomePage />;
}
