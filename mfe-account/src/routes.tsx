import { lazy } from 'react';
import { Navigate } from '@portal/shared/router';
import type { Locale } from '@portal/shared/i18n';
import type { Messages, PortalRoute, RemoteRoutesModule } from '@portal/shared/routing';
// The portal's query cache around every page (decision 033): the shell does not provide it.
export { PortalQueryProvider as Providers } from '@portal/shared/query';

// Every page is its own chunk: the shell downloads a page's code only when it is visited.
const UserInfoPage = lazy(() => import('./pages/user-info'));
const ContractPage = lazy(() => import('./pages/contract'));
const UsersPage = lazy(() => import('./pages/users'));
const UserNewPage = lazy(() => import('./pages/user-new'));
const UserEditPage = lazy(() => import('./pages/user-edit'));
const CostCentresPage = lazy(() => import('./pages/cost-centres'));
const ContactPage = lazy(() => import('./pages/contact'));
const NewsletterPage = lazy(() => import('./pages/newsletter'));
const IntegrationPage = lazy(() => import('./pages/integration'));
const IntegrationClientsPage = lazy(() => import('./pages/integration-clients'));
const ApprovalRulesPage = lazy(() => import('./pages/approval-rules'));
const RecallsPage = lazy(() => import('./pages/recalls'));
const RecallPage = lazy(() => import('./pages/recall'));
const OperationsPage = lazy(() => import('./pages/operations'));

/** The routes this remote owns, one top-level route per mount (see REMOTE_MOUNTS). */
export const routes: PortalRoute[] = [
  {
    path: 'user',
    children: [
      { index: true, element: <Navigate to="info" replace /> },
      { path: 'info', Component: UserInfoPage, handle: { titleKey: 'title.user_info' } },
      { path: 'contract', Component: ContractPage, handle: { titleKey: 'title.contract' } },
      { path: 'users', Component: UsersPage, handle: { titleKey: 'title.users' } },
      { path: 'users/new', Component: UserNewPage, handle: { titleKey: 'title.user_new' } },
      { path: 'users/:id', Component: UserEditPage, handle: { titleKey: 'title.user_edit' } },
      // The organisation's approval rules (issue 33), beside its users.
      { path: 'approval-rules', Component: ApprovalRulesPage, handle: { titleKey: 'title.approval_rules' } },
      // Cost centres and their budgets (issue 33, decision 054): the organisation's administrators.
      { path: 'cost-centres', Component: CostCentresPage, handle: { titleKey: 'title.cost_centres' } },
      // The supplier staff's integration page (issue 29): clients, imports, webhook deliveries.
      { path: 'integration', Component: IntegrationPage, handle: { titleKey: 'title.integration' } },
      // Creating, rotating and revoking the integration clients while the portal runs (issue 44).
      { path: 'integration/clients', Component: IntegrationClientsPage, handle: { titleKey: 'title.integration_clients' } },
      // Recalls (issue 42, decision 074): the staff open and follow them; a receiving organisation answers its notice.
      { path: 'recalls', Component: RecallsPage, handle: { titleKey: 'title.recalls' } },
      { path: 'recalls/:id', Component: RecallPage, handle: { titleKey: 'title.recall' } },
      // The figures the supplier's staff check first (issue 43, decision 081): orders, errors, queues, backup.
      { path: 'operations', Component: OperationsPage, handle: { titleKey: 'title.operations' } },
    ],
  },
  {
    path: 'contact',
    children: [
      { index: true, Component: ContactPage, handle: { titleKey: 'title.contact' } },
    ],
  },
  {
    path: 'newsletter',
    children: [{ index: true, Component: NewsletterPage, handle: { titleKey: 'title.newsletter' } }],
  },
];

/** This remote's messages for a locale, one chunk per locale. */
export const loadMessages: RemoteRoutesModule['loadMessages'] = async (locale: Locale): Promise<Messages> =>
  (await import(`./messages/${locale}.json`)).default as Messages;
