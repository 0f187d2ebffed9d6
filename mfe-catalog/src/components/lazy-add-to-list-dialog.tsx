// "Add to a list" loads when a buyer opens it (issue 45): its modal brings `ui/overlays` (~58 KB gzip
// with floating-ui and the scroll lock), which the product page, quick order and the lists page
// downloaded with their first screen although most visitors never open the dialog.
import { lazy, Suspense } from 'react';
import type { AddToListDialogProps } from './add-to-list-dialog';

const Dialog = lazy(() => import('./add-to-list-dialog').then((m) => ({ default: m.AddToListDialog })));

export function AddToListDialog(props: AddToListDialogProps) {
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
