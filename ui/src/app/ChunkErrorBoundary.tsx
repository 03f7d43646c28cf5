import { Component, type ReactNode } from 'react';
import { ErrorView } from '../features/errors/ErrorView.tsx';

/** Catches a page that failed to load or render and shows the error page with Retry instead of a blank screen. */
export class ChunkErrorBoundary extends Component<
  { children: ReactNode; resetKey: string },
  { error: Error | null; key: string }
> {
  override state: { error: Error | null; key: string } = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { error: Error | null; key: string }) {
    // Moving to another route clears the error, so one broken page does not block the others.
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  override render() {
    return this.state.error ? <ErrorView error={this.state.error} /> : this.props.children;
  }
}
