import { useCallback, useEffect, useMemo } from 'react';
import type { ReactNode } from 'react';
import { App } from 'antd';
import { handleError, useTranslation } from '@vitrine/core';

export interface ConfirmOptions {
  title: ReactNode;
  content?: ReactNode;
  danger?: boolean;
}

/**
 * The admin's one way to confirm and to report: antd's Modal.confirm through
 * App.useApp (so it follows the shell's ConfigProvider) with the default
 * texts 'OK' / 'Cancel', and antd messages. Every failed call goes through the
 * common error handler and shows its message.
 */
export function useFeedback() {
  const { modal, message } = App.useApp();
  const { t } = useTranslation('common');

  const confirm = useCallback(
    (options: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        modal.confirm({
          title: options.title,
          content: options.content,
          okText: t('actions.ok'),
          cancelText: t('actions.cancel'),
          okButtonProps: options.danger ? { danger: true } : undefined,
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
    [modal, t],
  );

  const fail = useCallback(
    (error: unknown) => {
      const handled = handleError(error);
      // a 401 already shows the session-expired dialog and goes to login
      if (handled.statusCode !== 401) void message.error(handled.message);
      return handled;
    },
    [message],
  );

  const success = useCallback((text: string) => void message.success(text), [message]);

  return useMemo(() => ({ confirm, fail, success }), [confirm, fail, success]);
}

/** Reports a query's failure once per error. */
export function useReportError(error: unknown, fail: (error: unknown) => unknown) {
  useEffect(() => {
    if (error) fail(error);
  }, [error, fail]);
}
