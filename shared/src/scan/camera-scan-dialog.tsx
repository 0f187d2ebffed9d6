// "Scan with camera": a dialog with the camera's picture that reads the first code it sees and
// hands its text to the page, as a wedge scanner's Enter does (decision 075). Mantine's Modal
// labels the dialog with its title, keeps the focus inside, closes on Escape and gives the focus
// back to the button that opened it; the camera stops whenever the dialog closes.
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Notice, Stack, Text } from '@portal/shared/ui';
import { Modal } from '@portal/shared/ui/overlays';
import { createFrameReader } from './camera-reader';

export interface CameraScanDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The text of the code read. The dialog closes itself after. */
  onScan: (text: string) => void;
  /**
   * Once it has closed: where the focus goes back (the button that opened it). Mantine returns the
   * focus itself only when the dialog was mounted before it opened, which a lazy one is not.
   */
  onClosed: () => void;
}

/** Between two frames read: a code is read well within it, and the phone stays cool. */
const FRAME_INTERVAL_MS = 150;

function CameraView({ onScan }: { onScan: (text: string) => void }) {
  const intl = useIntl();
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<'starting' | 'scanning' | 'failed'>('starting');
  const latest = useRef(onScan);
  useEffect(() => {
    latest.current = onScan;
  });

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void (async () => {
      try {
        const [media, read] = await Promise.all([
          navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }),
          createFrameReader(),
        ]);
        stream = media;
        const element = video.current;
        if (stopped || !element) return;
        element.srcObject = media;
        await element.play();
        setState('scanning');
        const tick = async () => {
          if (stopped) return;
          const text = await read(element).catch(() => null);
          if (stopped) return;
          if (text) latest.current(text);
          else timer = setTimeout(() => void tick(), FRAME_INTERVAL_MS);
        };
        void tick();
      } catch {
        if (!stopped) setState('failed');
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  return (
    <Stack gap="sm">
      {state === 'failed' ? (
        <Notice tone="red" role="alert" title={intl.formatMessage({ id: 'scan.cameraFailed' })} />
      ) : (
        <div role="status">
          <Text id="camera-scan-hint">
            <FormattedMessage id={state === 'starting' ? 'scan.cameraStarting' : 'scan.cameraHint'} />
          </Text>
        </div>
      )}
      <video
        ref={video}
        muted
        playsInline
        aria-describedby="camera-scan-hint"
        aria-label={intl.formatMessage({ id: 'scan.cameraPicture' })}
        data-testid="camera-scan-video"
        style={{ width: '100%', maxHeight: '60vh', background: '#000', display: state === 'failed' ? 'none' : 'block' }}
      />
    </Stack>
  );
}

export function CameraScanDialog({ opened, onClose, onScan, onClosed }: CameraScanDialogProps) {
  const intl = useIntl();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={intl.formatMessage({ id: 'scan.cameraTitle' })}
      closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'scan.close' }) }}
      size="lg"
      onExitTransitionEnd={onClosed}
    >
      {opened ? (
        <CameraView
          onScan={(text) => {
            onClose();
            onScan(text);
          }}
        />
      ) : null}
    </Modal>
  );
}
