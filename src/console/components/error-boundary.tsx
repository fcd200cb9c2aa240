import { Component, type ReactNode } from 'react';

/** A page that fails to render shows its error in place; the header and the other pages keep working. */
export class ErrorBoundary extends Component<
  { children: ReactNode; fallback(message: string): ReactNode },
  { message: string | null }
> {
  override state = { message: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { message: error instanceof Error ? error.message : String(error) };
  }

  override render() {
    return this.state.message === null ? this.props.children : this.props.fallback(this.state.message);
  }
}
