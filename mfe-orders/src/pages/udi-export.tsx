import { PageIntro } from '@portal/shared/ui';
import { FeatureMessages } from '../components/feature-messages';
import { UdiExportForm } from '../features/udi-export/components/udi-export-form';
import { udiExportTexts } from '../features/udi-export/own-messages';

/** The UDIs the organisation received (decision 070): a hospital's record under MDR Art. 27(8). */
export default function UdiExportPage() {
  return (
    <>
      <PageIntro titleId="title.udi_export" introId="udiExport.intro" />
      <FeatureMessages load={udiExportTexts}>
        <UdiExportForm />
      </FeatureMessages>
    </>
  );
}
