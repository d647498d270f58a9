import { Component, type ErrorInfo, type ReactNode } from 'react';

/** Renders nothing instead of a small part that throws (or whose chunk fails to load): what is around it stays usable. */
export class SilentBoundary extends Component<{ name: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[admin] ${this.props.name} failed`, error, info.componentStack);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
