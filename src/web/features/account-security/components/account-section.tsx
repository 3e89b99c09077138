import { Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One titled card of the Profile and Account pages (a labelled region for screen readers). */
export function AccountSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-label={title} withBorder radius="md" p="lg">
      <Title order={3} size="h4" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
