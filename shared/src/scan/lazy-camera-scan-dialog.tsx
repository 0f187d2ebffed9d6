// The camera dialog loads when the buyer asks for it (decision 068): its modal brings `ui/overlays`,
// and its reader the WebAssembly one, neither of which quick order's first screen needs.
import { lazy, Suspense } from 'react';
import type { CameraScanDialogProps } from './camera-scan-dialog';

const Dialog = lazy(() => import('./camera-scan-dialog').then((m) => ({ default: m.CameraScanDialog })));

export function CameraScanDialog(props: CameraScanDialogProps) {
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
