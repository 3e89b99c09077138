import { screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { themeColorSchemeManager } from '../color-scheme-manager';
import { ThemeSelect } from './theme-select';

function renderThemeSelect() {
  return render(
    <MantineProvider
      env="test"
      defaultColorScheme="light"
      colorSchemeManager={themeColorSchemeManager}
    >
      <ThemeSelect />
    </MantineProvider>,
  );
}

describe('ThemeSelect', () => {
  it("stores the choice as 'dark' or 'light' under 'theme'", async () => {
    const user = userEvent.setup();
    renderThemeSelect();
    const select = screen.getByRole('combobox', { name: 'Theme' }) as HTMLInputElement;
    expect(select.value).toBe('Light Mode');

    await user.click(select);
    await user.click(screen.getByRole('option', { name: 'Dark Mode' }));

    expect(window.localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark');
    expect(select.value).toBe('Dark Mode');
  });

  it('starts from the stored theme', () => {
    window.localStorage.setItem('theme', 'dark');
    renderThemeSelect();
    expect((screen.getByRole('combobox', { name: 'Theme' }) as HTMLInputElement).value).toBe(
      'Dark Mode',
    );
  });
});
