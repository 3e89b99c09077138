import { Avatar, Group, Text } from '@mantine/core';
import { statusLabel } from '../../../../shared/statuses';
import { statusColour } from './status-colour';

/** Spec §2: the username with a round avatar of its initial, coloured by the status. */
export function AgentIdentity({ username, status }: { username: string; status: string }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar radius="xl" size={44} color={statusColour(status)} variant="filled" autoContrast>
        {username.charAt(0).toUpperCase()}
      </Avatar>
      <div>
        <Text fw={600}>{username}</Text>
        <Text size="sm" c="dimmed">
          {statusLabel(status)}
        </Text>
      </div>
    </Group>
  );
}
