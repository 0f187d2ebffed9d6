import { PageIntro } from '@portal/shared/ui';

/** Your organisation's supply contract and its conditions. */
export default function ContractPage() {
  return <PageIntro titleId="title.contract" introId="account.contract.intro" />;
}
