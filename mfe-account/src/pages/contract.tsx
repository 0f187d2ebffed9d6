import { useIntl } from 'react-intl';
import { ACCOUNT_ERRORS } from '@portal/shared/schemas/account';
import { PageIntro } from '@portal/shared/ui';
import { StateRegion } from '@portal/shared/ui/status';
import { useOrganisation } from '../features/contract/api/get-organisation';
import { ContractView } from '../features/contract/components/contract-view';
import { failureOf } from '../lib/failure';

/** Your organisation's supply contract and its conditions. */
export default function ContractPage() {
  const intl = useIntl();
  const organisation = useOrganisation();
  const noOrganisation = organisation.isError && failureOf(organisation.error).code === ACCOUNT_ERRORS.NO_ORGANISATION;
  return (
    <>
      <PageIntro titleId="title.contract" introId="account.contract.intro" />
      <StateRegion
        status={noOrganisation ? 'success' : organisation.status}
        isEmpty={noOrganisation}
        empty={intl.formatMessage({ id: 'account.contract.noContract' })}
        loadingLabel={intl.formatMessage({ id: 'account.loading' })}
        errorTitle={intl.formatMessage({ id: 'account.error.load' })}
        onRetry={() => void organisation.refetch()}
        retryLabel={intl.formatMessage({ id: 'account.retry' })}
      >
        {organisation.data && <ContractView organisation={organisation.data} />}
      </StateRegion>
    </>
  );
}
