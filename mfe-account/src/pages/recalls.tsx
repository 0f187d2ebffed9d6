import { PageIntro } from '@portal/shared/ui';
import { MyRecalls } from '../features/recalls/components/my-recalls';
import { StaffRecalls } from '../features/recalls/components/staff-recalls';
import { useIsStaff } from '../features/recalls/components/use-is-staff';

/**
 * Recalls and field safety notices (issue 42, decision 074): the supplier's staff open and follow
 * them here; a customer sees the notices that reached their organisation.
 */
export default function RecallsPage() {
  const staff = useIsStaff();
  return (
    <>
      <PageIntro titleId="title.recalls" introId={staff ? 'account.recalls.staff.intro' : 'account.recalls.mine.intro'} />
      {staff ? <StaffRecalls /> : <MyRecalls />}
    </>
  );
}
