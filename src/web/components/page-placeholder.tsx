import { Stack, Text, Title } from '@mantine/core';

interface PagePlaceholderProps {
  title: string;
  description?: string;
}

/** A page whose content a later piece of work builds: its heading, and what will be there. */
export function PagePlaceholder({ title, description }: PagePlaceholderProps) {
  return (
    <Stack gap="xs">
      <Title order={2}>{title}</Title>
      {description && <Text c="dimmed">{description}</Text>}
    </Stack>
  );
}
