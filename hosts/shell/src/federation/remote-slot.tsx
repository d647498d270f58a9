import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';

/**
 * Renders `fallback` (nothing by default) instead of a remote's part that throws (or whose chunk fails to load):
 * the chrome around it stays usable.
 */
export class SlotBoundary extends Component<{ name: string; fallback?: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[federation] ${this.props.name} failed`, error, info.componentStack);
  }

  override render() {
    return this.state.failed ? (this.props.fallback ?? null) : this.props.children;
  }
}

/**
 * A remote's small part drawn inside the shell's chrome (a menu badge, the public footer's part): lazy,
 * isolated, silent while loading. While it loads during hydration, React keeps the server's markup.
 */
export function RemoteSlot({ name, children }: { name: string; children: ReactNode }) {
  return (
    <SlotBoundary name={name}>
      <Suspense fallback={null}>{children}</Suspense>
    </SlotBoundary>
  );
}
