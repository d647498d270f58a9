import { Alert, Button } from 'antd';
import { useTranslation } from '@vitrine/core';

interface Props {
  /** What could not be loaded, in the screen's words. */
  title: string;
  /** Asks again (the query's refetch). */
  onRetry: () => unknown;
  'data-testid'?: string;
}

/** A read that failed with nothing to show yet: the error and a "Try again" button. */
export function LoadFailed({ title, onRetry, 'data-testid': testId }: Props) {
  const { t } = useTranslation('admin');
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      data-testid={testId}
      action={
        <Button size="small" onClick={() => void onRetry()}>
          {t('common:actions.retry')}
        </Button>
      }
    />
  );
}
