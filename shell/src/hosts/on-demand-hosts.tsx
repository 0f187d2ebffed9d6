import { DialogHost, ToastHost } from '@portal/shared/ui/hosts';

/** Props of OnDemandHosts. */
export interface OnDemandHostsProps {
  /** Accessible name of the dialogs' and toasts' close buttons. */
  closeLabel: string;
}

/**
 * The dialog and toast hosts, in their own chunk: the shell mounts them the first time a dialog or a
 * toast is asked for (docs/decisions/010). Bus requests are handled by the shell's Hosts, which
 * listens from the start, so no request made before this chunk arrives is lost.
 */
export default function OnDemandHosts({ closeLabel }: OnDemandHostsProps) {
  return (
    <>
      <DialogHost closeLabel={closeLabel} />
      <ToastHost closeLabel={closeLabel} listenToBus={false} />
    </>
  );
}
