import { VisuallyHidden } from '@mantine/core';
import type { FormError } from '../lib/form-error';

/**
 * The `error` prop of a form field. When the form's error is about this field, Mantine marks
 * it aria-invalid and ties the message to it with aria-describedby; the message is already
 * shown in the form's alert, so here it is for screen readers only, not printed twice.
 */
export function fieldError(formError: FormError | null, field: string) {
  if (!formError?.fields.includes(field)) return undefined;
  return <VisuallyHidden>{formError.message}</VisuallyHidden>;
}
