import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportBoundaryError } from '../beacons/page-beacons';
import { reloadOnChunkError } from '../platform/chunk-reload';

interface Props {
  /** Which remote this boundary guards, for the log. */
  remote: string;
  /** What to render once a render error was caught; `reset` clears the error. */
  fallback: (reset: () => void) => ReactNode;
  children: ReactNode;
}

/** Keeps a remote's render error inside its own region: the rest of the portal goes on working. */
export class RemoteErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`[remote ${this.props.remote}] render failed`, error, info.componentStack);
    // Counted by remote, build and release group; the error itself stays in this browser's console.
    reportBoundaryError(this.props.remote);
    // A page chunk of the remote that no longer exists (it was redeployed): reload once.
    reloadOnChunkError(error);
  }

  private reset = () => this.setState({ failed: false });

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.reset) : this.props.children;
  }
}
