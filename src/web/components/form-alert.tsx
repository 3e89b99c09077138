import { Alert, type AlertProps } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';

interface FormAlertProps extends Omit<AlertProps, 'color' | 'icon' | 'variant'> {
  tone: 'error' | 'success';
}

/** A message above a form; Mantine's Alert carries role="alert" so it is announced. */
export function FormAlert({ tone, ...alertProps }: FormAlertProps) {
  const isError = tone === 'error';
  return (
    <Alert
      color={isError ? 'red' : 'green'}
      variant="light"
      icon={isError ? <IconAlertCircle aria-hidden /> : <IconCircleCheck aria-hidden />}
      {...alertProps}
    />
  );
}
