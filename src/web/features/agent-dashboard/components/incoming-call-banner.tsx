import { Box } from '@mantine/core';
import { useAgentState } from '../api/get-agent-state';
import { CallArea } from './interactions-panel';

/**
 * On the portal's other pages (Analytics, Profile) a ringing call still rings and can be
 * answered: the same incoming card, above the page. The dashboard has its own panel.
 */
export function IncomingCallBanner() {
  const { data: snapshot } = useAgentState();
  if (!snapshot || snapshot.state.call?.phase !== 'ringing') return null;
  return (
    <Box component="section" aria-label="Incoming call" mb="lg" maw={420}>
      <CallArea snapshot={snapshot} />
    </Box>
  );
}
