import { Component, Suspense, type ComponentType, type ErrorInfo, type ReactNode } from 'react';

/** Renders nothing instead of a badge that throws (or whose chunk fails to load): the menu stays usable. */
class BadgeBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('[federation] menu badge failed', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** A remote's badge next to a menu label (RemotePagesModule.badges): lazy, isolated, silent while loading. */
export function MenuBadge({ badge: Badge }: { badge: ComponentType }) {
  return (
    <span className="vt-admin__menu-badge">
      <BadgeBoundary>
        <Suspense fallback={null}>
          <Badge />
        </Suspense>
      </BadgeBoundary>
    </span>
  );
}
