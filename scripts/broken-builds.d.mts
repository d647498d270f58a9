// Types of scripts/broken-builds.mjs (plain JavaScript run by node directly), for its TypeScript callers (the API's tests).
export type BrokenRender = 'loop' | 'alloc';
export const BROKEN_RENDERS: Record<BrokenRender, string>;
export function breakRoute(code: string, route: string, kind: BrokenRender): string;
export function brokenBuild(dist: string, dir: string, kind: BrokenRender, route?: string): string;
