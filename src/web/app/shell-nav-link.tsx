import { NavLink } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';

/** One page in a shell's menu: a real link, marked as the current page when it is. */
export function ShellNavLink({
  page,
  isActive,
  onClick,
}: {
  page: { path: string; label: string; icon: Icon };
  isActive: boolean;
  onClick: (event: MouseEvent<HTMLAnchorElement>) => void;
}) {
  return (
    <NavLink
      component={Link}
      to={page.path}
      label={page.label}
      leftSection={<page.icon size={18} stroke={1.6} aria-hidden />}
      active={isActive}
      aria-current={isActive ? 'page' : undefined}
      onClick={onClick}
    />
  );
}
