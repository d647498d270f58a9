// Types of scripts/lib.mjs (plain JavaScript run by node directly), for the TypeScript callers in e2e/.
export type TargetName = 'api' | 'public' | 'admin' | 'shell';
export const root: string;
export const TARGETS: Record<TargetName, { dir: string; output: string; configs: string[] }>;
export function workspaceClosure(dir: string): string[];
export function buildInputs(name: TargetName): string[];
export function inputsHash(name: TargetName): string;
export function needsBuild(name: TargetName): boolean;
export function buildTarget(name: TargetName): Promise<void>;
export function buildAll(names: readonly TargetName[]): Promise<void>;
export function run(cmd: string, args: readonly string[], opts?: object): Promise<void>;
