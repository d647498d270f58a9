import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { rememberManifest, type RemoteManifest } from './compatibility';

/**
 * Second layer of remote-failure handling (after the loader's own retry and
 * before the page ErrorBoundary): log which remote failed and let the error
 * propagate, so the shell shows its fallback with Retry instead of a blank page.
 */
export default function vitrineRuntimePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'vitrine-remote-errors',
    errorLoadRemote(args) {
      console.warn(`[federation] could not load ${String(args.id)} (${String(args.lifecycle)})`);
      return undefined;
    },
    // Keeps each remote's manifest: what it requires of the shared surface is checked before its pages are used.
    afterLoadManifest(args) {
      if (args.manifestJson && args.moduleInfo?.name) rememberManifest(args.moduleInfo.name, args.manifestJson as RemoteManifest);
    },
  };
}
