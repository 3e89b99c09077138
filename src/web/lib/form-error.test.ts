import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { refusal, useFormError } from './form-error';

function renderForm(initial: { username: string; password: string }) {
  return renderHook((values) => useFormError(values), { initialProps: initial });
}

describe('useFormError', () => {
  it('lasts until a field it is about changes, and comes back only with the refused value', () => {
    const form = renderForm({ username: 'taken', password: 'secret' });
    act(() => form.result.current[1](refusal('Username already exists', 'username')));
    expect(form.result.current[0]?.message).toBe('Username already exists');

    form.rerender({ username: 'taken', password: 'other-secret' });
    expect(form.result.current[0]?.message).toBe('Username already exists');
    form.rerender({ username: 'taken2', password: 'other-secret' });
    expect(form.result.current[0]).toBeNull();
    form.rerender({ username: 'taken', password: 'other-secret' });
    expect(form.result.current[0]?.message).toBe('Username already exists');
  });

  it('keeps an error about no field until the form sets another', () => {
    const form = renderForm({ username: 'ann', password: 'secret' });
    act(() => form.result.current[1](refusal('Failed to update employee', undefined)));
    form.rerender({ username: 'bob', password: 'x' });
    expect(form.result.current[0]?.message).toBe('Failed to update employee');
    act(() => form.result.current[1](null));
    expect(form.result.current[0]).toBeNull();
  });
});
