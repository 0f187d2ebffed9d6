import { PageIntro } from '@portal/shared/ui';
import { CostCentresOverview } from '../features/cost-centres/components/cost-centres-overview';
import { useUsers } from '../features/users/api/users';
import { AdminsOnly } from '../lib/admins-only';

const ACTIVE_USERS = { search: '', role: '', status: 'active' } as const;

/** The organisation's cost centres and their budgets, with the users who may be assigned (administrators only, issue 33). */
export default function CostCentresPage() {
  const users = useUsers(ACTIVE_USERS);
  return (
    <>
      <PageIntro titleId="title.cost_centres" introId="account.budgets.intro" />
      <CostCentresOverview members={users.data ?? []} adminsOnly={<AdminsOnly area="costCentres" />} />
    </>
  );
}
