import { Avatar, Group, type MantineColor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { tooltip } from './shared-tooltip';

/** The first characters of an id: enough to tell rows apart at a glance. */
export function shortId(id: string) {
  return id.slice(0, 8);
}

interface AccountIdentityProps {
  id: string;
  username: string;
  color?: MantineColor;
  /** Makes the avatar a link, named by `label` (the initial alone says nothing). */
  link?: { to: string; label: string };
}

/** A table's first column for a person: an avatar with their initial, and a short id. */
export function AccountIdentity({ id, username, color = 'blue', link }: AccountIdentityProps) {
  const initial = username.charAt(0).toUpperCase();
  return (
    <Group gap="xs" wrap="nowrap">
      {link ? (
        <Avatar
          component={Link}
          to={link.to}
          aria-label={link.label}
          radius="xl"
          size={36}
          color={color}
          {...tooltip(link.label)}
        >
          {initial}
        </Avatar>
      ) : (
        <Avatar radius="xl" size={36} color={color} aria-hidden>
          {initial}
        </Avatar>
      )}
      <Text size="xs" c="dimmed" ff="monospace" title={id}>
        #{shortId(id)}
      </Text>
    </Group>
  );
}
