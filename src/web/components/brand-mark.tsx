import { Group, Image, Text } from '@mantine/core';

interface BrandMarkProps {
  size?: 'sm' | 'lg';
  /** The name is the page's h1, on a page with no other title (sign-in and its reset). */
  isPageHeading?: boolean;
}

/** The Switchboard logo and name. */
export function BrandMark({ size = 'sm', isPageHeading = false }: BrandMarkProps) {
  const logoSize = size === 'lg' ? 48 : 32;
  return (
    <Group gap="xs" wrap="nowrap">
      <Image src="/logo.svg" alt="" w={logoSize} h={logoSize} />
      <Text component={isPageHeading ? 'h1' : 'p'} fw={700} fz={size === 'lg' ? 26 : 'lg'}>
        Switchboard
      </Text>
    </Group>
  );
}
