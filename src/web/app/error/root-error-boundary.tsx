import { Component, type ReactNode } from 'react';
import { AppErrorMessage } from './app-error-message';

interface State {
  error: unknown;
  hasError: boolean;
}

/**
 * Catches what the router's errorElement cannot: failures in the providers above the router.
 * A class, because React still offers error boundaries only as class components. Logging and
 * reporting happen in AppErrorMessage, so both boundaries behave the same.
 */
export class RootErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: undefined, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true };
  }

  override render() {
    return this.state.hasError ? <AppErrorMessage error={this.state.error} /> : this.props.children;
  }
}
