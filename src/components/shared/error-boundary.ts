import { Component, type ReactNode } from 'react';
import { log } from '../../core/safety.ts';

interface Props {
  name: string;
  onError?: (error: unknown) => void;
  children?: ReactNode;
}

/** A surface that fails to render is logged and rendered as nothing: the host page never sees the error. */
export class SurfaceErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    log.error(`${this.props.name} failed to render and was left out`, error);
    try {
      this.props.onError?.(error);
    } catch (reportError) {
      log.error('reporting a render failure failed', reportError);
    }
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
