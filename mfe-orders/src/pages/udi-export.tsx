import { PageIntro } from '@portal/shared/ui';
import { UdiExportForm } from '../features/udi-export/components/udi-export-form';

/** The UDIs the organisation received (decision 070): a hospital's record under MDR Art. 27(8). */
export default function UdiExportPage() {
  return (
    <>
      <PageIntro titleId="title.udi_export" introId="udiExport.intro" />
      <UdiExportForm />
    </>
  );
}
