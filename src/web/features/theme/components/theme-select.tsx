import { Select, useMantineColorScheme } from '@mantine/core';
import classes from './theme-select.module.css';

const themeOptions = [
  { value: 'light', label: 'Light Mode' },
  { value: 'dark', label: 'Dark Mode' },
];

/** The top bar's theme dropdown (spec §2 'Light Mode / Dark Mode'), stored as 'light' | 'dark'. */
export function ThemeSelect() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const theme = colorScheme === 'dark' ? 'dark' : 'light';

  return (
    <Select
      label="Theme"
      data={themeOptions}
      value={theme}
      onChange={(value) => {
        if (value === 'light' || value === 'dark') setColorScheme(value);
      }}
      allowDeselect={false}
      size="xs"
      classNames={{ root: classes.root, label: classes.label, wrapper: classes.input }}
    />
  );
}
