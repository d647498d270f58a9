import { type FocusEvent, type PointerEvent, useEffect, useState } from 'react';

interface Tip {
  text: string;
  top: number;
  left: number;
}

/** What carries a tip: its `data-tip` text. */
const TIP_TARGET = '[data-tip]';
const TIP_CLASS = 'vt-admin__tip';

/**
 * The label beside an icon of the collapsed menu column, on hover and on keyboard focus (a `title` shows on
 * neither focus nor touch). Fixed to the viewport, so the column's scrolling box does not clip it. It repeats
 * the entry's accessible name, so it is hidden from assistive technology. Escape, a scroll or a resize hide it;
 * the pointer may move onto it (it starts at the entry's edge) without it going away (WCAG 1.4.13).
 */
export function useMenuTip(enabled: boolean) {
  const [tip, setTip] = useState<Tip | null>(null);
  const shown = enabled ? tip : null;
  // A tip of the other state (the toggle's, when it was clicked) never comes back.
  useEffect(() => setTip(null), [enabled]);

  useEffect(() => {
    if (!shown) return undefined;
    const hide = () => setTip(null);
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && hide();
    document.addEventListener('keydown', onKey);
    window.addEventListener('resize', hide);
    window.addEventListener('scroll', hide, true);
    return () => {
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('resize', hide);
      window.removeEventListener('scroll', hide, true);
    };
  }, [shown]);

  const showFor = (target: HTMLElement) => {
    const box = target.getBoundingClientRect();
    setTip({ text: target.dataset.tip ?? '', top: box.top + box.height / 2, left: box.right });
  };

  /** Handlers for the column: they find the entry under the pointer or in focus. */
  const handlers = {
    onPointerOver(event: PointerEvent<HTMLElement>) {
      if (!enabled || event.pointerType === 'touch') return;
      const over = (event.target as Element).closest<HTMLElement>(`${TIP_TARGET}, .${TIP_CLASS}`);
      if (!over) setTip(null);
      else if (over.matches(TIP_TARGET)) showFor(over);
    },
    onPointerLeave() {
      setTip(null);
    },
    onFocus(event: FocusEvent<HTMLElement>) {
      const target = (event.target as Element).closest<HTMLElement>(TIP_TARGET);
      if (enabled && target) showFor(target);
    },
    onBlur() {
      setTip(null);
    },
  };

  const element = shown && (
    <span className={TIP_CLASS} style={{ top: shown.top, left: shown.left }} aria-hidden="true" data-testid="admin-menu-tip">
      <span className="vt-admin__tip-text">{shown.text}</span>
    </span>
  );
  return { handlers, element };
}
