import { Alert } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import type { CallNotice } from '../hooks/use-call-actions';

/** Why a call action did not happen; Mantine's Alert is role="alert", so it is announced. */
export function CallNoticeAlert({ notice }: { notice: CallNotice | null }) {
  if (!notice) return null;
  const isError = notice.tone === 'error';
  return (
    <Alert
      color={isError ? 'red' : 'blue'}
      variant="light"
      icon={isError ? <IconAlertCircle aria-hidden /> : <IconInfoCircle aria-hidden />}
    >
      {notice.message}
    </Alert>
  );
}
