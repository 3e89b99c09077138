import { Group, Image, Text } from '@mantine/core';

interface BrandMarkProps {
  size?: 'sm' | 'lg';
}

/** The Switchboard logo and name. */
export function BrandMark({ size = 'sm' }: BrandMarkProps) {
  const logoSize = size === 'lg' ? 48 : 32;
  return (
    <Group gap="xs" wrap="nowrap">
      <Image src="/logo.svg" alt="" w={logoSize} h={logoSize} />
      <Text fw={700} fz={size === 'lg' ? 26 : 'lg'}>
        Switchboard
      </Text>
    </Group>
  );
}
