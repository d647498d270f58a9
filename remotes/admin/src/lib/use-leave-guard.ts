import { useEffect, useRef } from 'react';
import { useBlocker } from '@vitrine/core';
import { useFeedback } from './use-feedback';

/**
 * While `dirty`, leaving the page asks first: another admin page (confirmed in a dialog with `title`
 * and `text`) or closing the tab (the browser's own question).
 */
export function useLeaveGuard(dirty: boolean, texts: { title: string; text: string }) {
  const { confirm } = useFeedback();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  const asking = useRef(false);
  const { title, text } = texts;

  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    void confirm({ title, content: text, danger: true }).then((ok) => {
      asking.current = false;
      if (ok) blocker.proceed();
      else blocker.reset();
    });
  }, [blocker, confirm, title, text]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
