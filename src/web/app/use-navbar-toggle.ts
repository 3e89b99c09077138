import { useMantineTheme } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useLocation } from 'react-router';

/**
 * Both portals' sidebar: from the `sm` breakpoint up it sits beside the page and starts open;
 * below it, it is a drawer over the page that starts closed and closes again once the page
 * changes (it is open on the page it was opened on). The drawer also holds what leaves the top
 * bar on a phone (`isDrawer`).
 */
export function useNavbarToggle() {
  const { pathname } = useLocation();
  const theme = useMantineTheme();
  const isDesktop = useMediaQuery(`(min-width: ${theme.breakpoints.sm})`, false, {
    getInitialValueInEffect: false,
  });
  const [isDesktopNavOpen, desktopNav] = useDisclosure(true);
  const [mobileNavOpenOn, setMobileNavOpenOn] = useState<string | null>(null);
  const isMobileNavOpen = mobileNavOpenOn === pathname;

  return {
    isNavOpen: isDesktop ? isDesktopNavOpen : isMobileNavOpen,
    toggleNav: isDesktop
      ? desktopNav.toggle
      : () => setMobileNavOpenOn(isMobileNavOpen ? null : pathname),
    closeMobileNav: () => setMobileNavOpenOn(null),
    isDrawer: !isDesktop,
    /** AppShell's `navbar.collapsed`. */
    collapsed: { desktop: !isDesktopNavOpen, mobile: !isMobileNavOpen },
  };
}
