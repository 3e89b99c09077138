import { PasswordInput, Select, TextInput } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { INPUT_BORDER, INPUT_FOCUS_BORDER } from '../lib/theme-variables';
import { renderWithProviders } from '../test/render';

/** The wrapper Mantine styles a field's border from (`--input-bd`), around the field itself. */
const wrapperOf = (field: HTMLElement) => field.closest<HTMLElement>('.mantine-Input-wrapper')!;

describe("a field's border (the theme's Input)", () => {
  it('is the app’s readable border at rest, on every kind of field', () => {
    renderWithProviders(
      <>
        <TextInput label="Username" />
        <PasswordInput label="Password" />
        <Select label="Team" data={['North']} />
      </>,
    );
    for (const field of [
      screen.getByLabelText('Username'),
      screen.getByLabelText('Password'),
      screen.getByLabelText('Team', { selector: 'input' }),
    ]) {
      const wrapper = wrapperOf(field);
      expect(wrapper.style.getPropertyValue('--input-bd')).toBe(`var(${INPUT_BORDER})`);
      expect(wrapper.style.getPropertyValue('--input-bd-focus')).toBe(`var(${INPUT_FOCUS_BORDER})`);
    }
  });

  it('leaves a field in error its error border', () => {
    renderWithProviders(<TextInput label="Username" error="Username is required" />);
    const wrapper = wrapperOf(screen.getByLabelText('Username'));
    expect(wrapper.getAttribute('data-error')).toBe('true');
    expect(wrapper.style.getPropertyValue('--input-bd')).toBe('');
  });
});
