/**
 * What the shared core needs from the screen (loading overlay, dialogs,
 * navigation) without importing UI: the shell wires these at start-up.
 */
export interface CoreEffects {
  hideLoading: () => void;
  /** A warning dialog; resolves when closed. */
  warn: (title: string, message: string) => Promise<void>;
  /** Go to the login location. */
  goToLogin: () => void;
}

const noop = () => undefined;
export const effects: CoreEffects = {
  hideLoading: noop,
  warn: () => Promise.resolve(),
  goToLogin: noop,
};

export function configureEffects(next: Partial<CoreEffects>): void {
  Object.assign(effects, next);
}
