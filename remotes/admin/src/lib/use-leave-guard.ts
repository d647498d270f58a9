import { useEffect, useRef } from 'react';
import { useBlocker, useLocation } from '@vitrine/core';
import { useFeedback } from './use-feedback';

/**
 * While `dirty`, leaving the page asks first: another admin page (confirmed in a dialog with `title`
 * and `text`) or closing the tab (the browser's own question). Answers `allowLeaving`: the page calls it
 * before a navigation it decides itself (after a save, when its state has not caught up yet), which then
 * goes without asking.
 */
export function useLeaveGuard(dirty: boolean, texts: { title: string; text: string }): () => void {
  const { confirm } = useFeedback();
  const leaving = useRef(false);
  const location = useLocation();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => !leaving.current && dirty && currentLocation.pathname !== nextLocation.pathname);
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

  useEffect(() => {
    leaving.current = false;
  }, [location.key]);

  return () => {
    leaving.current = true;
  };
}
