import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createStore, useStore } from './store';
import { timings } from './theme';

export type DialogTone = 'default' | 'danger' | 'warning' | 'success';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  message?: ReactNode;
  okText?: string;
  /** null hides the cancel button (an alert). */
  cancelText?: string | null;
  tone?: DialogTone;
  /** True while the dialog plays its 300 ms closing transition. */
  leaving?: boolean;
  onOk: () => void;
  onCancel: () => void;
}

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal confirm (or alert) dialog: aria-modal, focus moved inside and trapped,
 * Escape cancels, focus returns to where it was on close. Texts come from the
 * caller (already translated), defaulting to 'OK' / 'Cancel'.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  okText = 'OK',
  cancelText = 'Cancel',
  tone = 'default',
  leaving = false,
  onOk,
  onCancel,
}: ConfirmDialogProps) {
  const titleId = useId();
  const messageId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const okButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // A destructive action starts on Cancel, so Enter does not delete by accident.
    (tone === 'danger' && cancelButton.current ? cancelButton.current : okButton.current)?.focus();
    return () => previous?.focus();
  }, [open, tone]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCancel();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const focusable = Array.from(panel.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className={`vt-dialog-backdrop${leaving ? ' vt-dialog-backdrop--leaving' : ''}`}>
      <div
        ref={panel}
        className={`vt-dialog vt-dialog--${tone}`}
        role={cancelText === null ? 'dialog' : 'alertdialog'}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={message ? messageId : undefined}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="vt-dialog__title">
          {title}
        </h2>
        {message ? (
          <div id={messageId} className="vt-dialog__message">
            {message}
          </div>
        ) : null}
        <div className="vt-dialog__actions">
          {cancelText === null ? null : (
            <button ref={cancelButton} type="button" className="vt-btn vt-btn--ghost" onClick={onCancel} disabled={leaving}>
              {cancelText}
            </button>
          )}
          <button
            ref={okButton}
            type="button"
            className={`vt-btn ${tone === 'danger' ? 'vt-btn--danger' : 'vt-btn--primary'}`}
            onClick={onOk}
            disabled={leaving}
          >
            {okText}
          </button>
        </div>
      </div>
    </div>
  );
}

export interface ConfirmOptions {
  title: ReactNode;
  message?: ReactNode;
  okText?: string;
  cancelText?: string;
  tone?: DialogTone;
}

export interface AlertOptions {
  title: ReactNode;
  message?: ReactNode;
  okText?: string;
  tone?: DialogTone;
}

interface DialogRequest {
  id: number;
  props: Omit<ConfirmDialogProps, 'open' | 'onOk' | 'onCancel' | 'leaving'>;
  resolve: (ok: boolean) => void;
  leaving: boolean;
}

const queue = createStore<readonly DialogRequest[]>([]);
let nextId = 1;

function open(props: DialogRequest['props']): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    queue.set((list) => [...list, { id: nextId++, props, resolve, leaving: false }]);
  });
}

function close(id: number, ok: boolean): void {
  const request = queue.get().find((item) => item.id === id);
  if (!request || request.leaving) return;
  request.resolve(ok);
  queue.set((list) => list.map((item) => (item.id === id ? { ...item, leaving: true } : item)));
  setTimeout(() => queue.set((list) => list.filter((item) => item.id !== id)), timings.dialogTransition);
}

/** Asks a question; resolves true on OK, false on Cancel or Escape. Needs a mounted <DialogHost/>. */
export function confirm({ title, message, okText = 'OK', cancelText = 'Cancel', tone = 'default' }: ConfirmOptions): Promise<boolean> {
  return open({ title, message, okText, cancelText, tone });
}

/** Tells something; resolves when closed (OK or Escape). Needs a mounted <DialogHost/>. */
export function alertDialog({ title, message, okText = 'OK', tone = 'warning' }: AlertOptions): Promise<void> {
  return open({ title, message, okText, cancelText: null, tone }).then(() => undefined);
}

/** Renders the dialogs asked for by confirm()/alertDialog(), one at a time in order. Mount once. */
export function DialogHost() {
  const list = useStore(queue);
  const current = list[0];
  if (!current) return null;
  return (
    <ConfirmDialog
      key={current.id}
      open
      {...current.props}
      leaving={current.leaving}
      onOk={() => close(current.id, true)}
      onCancel={() => close(current.id, false)}
    />
  );
}
