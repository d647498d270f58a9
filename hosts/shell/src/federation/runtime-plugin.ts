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
    // A server-rendered page already links its remote's stylesheet (relative href). The runtime looks for it by its
    // href string, finds none (its URL is absolute) and would add a second copy of the 46 KB file: a whole-page
    // style recalculation in the middle of hydration (docs/performance.md). The link already there is returned.
    createLink({ url, attrs }) {
      if (typeof document === 'undefined') return undefined;
      const href = new URL(url, document.baseURI).href;
      for (const link of Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][href]'))) {
        if (link.href === href && (attrs?.rel === 'stylesheet' || attrs?.rel === 'preload')) return link;
      }
      return undefined;
    },
    // Keeps each remote's manifest: what it requires of the shared surface is checked before its pages are used.
    afterLoadManifest(args) {
      if (args.manifestJson && args.moduleInfo?.name) rememberManifest(args.moduleInfo.name, args.manifestJson as RemoteManifest);
    },
  };
}
