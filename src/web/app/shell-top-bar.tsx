import { Button, Group, Image, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ThemeSelect } from '../features/theme/components/theme-select';
import classes from './shell-top-bar.module.css';

interface ShellTopBarProps {
  title: string;
  username: string;
  /** Shown beside the title, e.g. the admin portal's 'Demo version' label. */
  badge?: ReactNode;
  /** Before the logo: the admin portal's sidebar toggle. */
  navigationToggle?: ReactNode;
  /** After the theme select: the admin portal's 'Register Employee' button. */
  actions?: ReactNode;
  /** A Logout button in the bar; the admin portal has its Logout in the sidebar instead. */
  onLogout?: () => void;
  isLoggingOut?: boolean;
}

/**
 * Two rows where title and controls don't fit side by side: on a tablet, where the admin
 * portal's one row needs ~900 px (below Mantine's md, 62em, it wrapped out of a one-row bar and
 * hid the title under the bar's top); three on a phone (below xs, 36em), the welcome on its own.
 */
export const SHELL_TOP_BAR_HEIGHT = { base: 140, xs: 108, md: 64 };

/** Both portals' top bar: title, welcome, theme, and the portal's own controls. */
export function ShellTopBar({
  title,
  username,
  badge,
  navigationToggle,
  actions,
  onLogout,
  isLoggingOut = false,
}: ShellTopBarProps) {
  return (
    <div className={classes.bar}>
      <Group gap="sm" wrap="nowrap" className={classes.brand}>
        {navigationToggle}
        <Image src="/logo.svg" alt="" w={30} h={30} className={classes.logo} />
        <Title order={1} size="h4" className={classes.title}>
          {title}
        </Title>
        {badge}
      </Group>
      <Group gap="md" className={classes.controls}>
        <Text className={classes.welcome} size="sm" title={`Welcome, ${username}`}>
          Welcome, {username}
        </Text>
        <ThemeSelect />
        {actions}
        {onLogout && (
          <Button
            variant="light"
            color="gray"
            leftSection={<IconLogout size={16} aria-hidden />}
            onClick={onLogout}
            disabled={isLoggingOut}
          >
            Logout
          </Button>
        )}
      </Group>
    </div>
  );
}
