import { Center, Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './centered-card.module.css';

interface CenteredCardProps {
  children: ReactNode;
  width?: number;
}

/** A single card in the middle of the page, its main landmark: sign-in, reset and first run. */
export function CenteredCard({ children, width = 420 }: CenteredCardProps) {
  return (
    <Center component="main" className={classes.page}>
      <Paper withBorder shadow="md" radius="md" p="xl" w="100%" maw={width}>
        {children}
      </Paper>
    </Center>
  );
}
