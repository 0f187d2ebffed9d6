// "Scan with camera": the button and the camera dialog it opens, for every screen that scans. The
// dialog (a lazy chunk with the WebAssembly reader) is mounted from the first click on, so that it
// closes with its transition and then gives the focus back to this button.
import { useRef, useState, type ReactNode } from 'react';
import { Button } from '@portal/shared/ui';
import { CameraScanDialog } from './lazy-camera-scan-dialog';

export interface CameraScanButtonProps {
  /** The button's text, in the screen's words. */
  children: ReactNode;
  /** The text of the code the camera read (the dialog has closed itself). */
  onScan: (text: string) => void;
  loading?: boolean;
}

export function CameraScanButton({ children, onScan, loading }: CameraScanButtonProps) {
  const [opened, setOpened] = useState(false);
  const [asked, setAsked] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={button}
        variant="outline"
        loading={loading}
        onClick={() => {
          setAsked(true);
          setOpened(true);
        }}
      >
        {children}
      </Button>
      {asked ? <CameraScanDialog opened={opened} onClose={() => setOpened(false)} onScan={onScan} onClosed={() => button.current?.focus()} /> : null}
    </>
  );
}
