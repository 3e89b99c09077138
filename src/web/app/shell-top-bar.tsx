import { Button, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ThemeSelect } from '../features/theme/components/theme-select';
import classes from './shell-top-bar.module.css';

interface ShellTopBarProps {
  title: string;
  username: string;
  /** Shown beside the title, e.g. the admin portal's 'Demo version' label. */
  badge?: ReactNode;
  /** Before the logo: the sidebar toggle. */
  navigationToggle?: ReactNode;
  /**
   * Whether the welcome and the theme select sit in the bar: on a phone they are in the
   * drawer instead (ShellDrawerAccount), where there is room for them.
   */
  hasAccount: boolean;
  /** After the theme select: the admin portal's 'Register Employee', the softphone's 'View Call'. */
  actions?: ReactNode;
  /** A Logout button in the bar; the admin portal has its Logout in the sidebar instead. */
  onLogout?: () => void;
  isLoggingOut?: boolean;
}

/**
 * One row on a phone (below Mantine's sm, 48em), where the bar holds only the title and the
 * portal's actions; two rows where title and controls don't fit side by side: on a tablet,
 * where the admin portal's one row needs ~900 px (below md, 62em, it wrapped out of a one-row
 * bar and hid the title under the bar's top).
 */
export const SHELL_TOP_BAR_HEIGHT = { base: 64, sm: 108, md: 64 };

/** Both portals' top bar: title, welcome, theme, and the portal's own controls. */
export function ShellTopBar({
  title,
  username,
  badge,
  navigationToggle,
  hasAccount,
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
        {hasAccount && (
          <>
            <Text className={classes.welcome} size="sm" title={`Welcome, ${username}`}>
              Welcome, {username}
            </Text>
            <ThemeSelect />
          </>
        )}
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

/**
 * The welcome and the theme select at the top of a phone's drawer: the one place they are
 * rendered then, so the Theme select is never on the page twice.
 */
export function ShellDrawerAccount({ username }: { username: string }) {
  return (
    <Stack gap="sm" className={classes.drawerAccount}>
      <Text size="sm" fw={500} className={classes.drawerWelcome}>
        Welcome, {username}
      </Text>
      <ThemeSelect />
    </Stack>
  );
}
