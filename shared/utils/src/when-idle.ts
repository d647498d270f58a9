type IdleScheduler = (task: () => void, options: { timeout: number }) => number;

/**
 * Runs `task` when the browser is next idle (the work it has queued, such as React's hydration in slices, done),
 * at the latest after `timeoutMs`; a short timer where there is no requestIdleCallback (Safari). Browser code
 * (this package is also built for Node, without the DOM's types).
 */
export function whenIdle(task: () => void, timeoutMs = 500): void {
  const requestIdle = (globalThis as { requestIdleCallback?: IdleScheduler }).requestIdleCallback;
  if (typeof requestIdle === 'function') requestIdle(task, { timeout: timeoutMs });
  else setTimeout(task, 50);
}
