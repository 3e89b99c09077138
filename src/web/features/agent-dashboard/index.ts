/** What other parts of the web app may use from the softphone feature. */
export { AgentDashboardPage } from './components/agent-dashboard-page';
export { CallLogTable } from './components/activity-log';
export { IncomingCallAnnouncer } from './components/incoming-call-announcer';
export { IncomingCallBanner } from './components/incoming-call-banner';
export { ViewCallButton } from './components/view-call-button';
export { useAgentState } from './api/get-agent-state';
export { CallControlsProvider } from './hooks/call-controls';
export { useAgentLiveFeed } from './hooks/use-agent-live-feed';
export { useAgentStateDeadlines } from './hooks/use-agent-state-deadlines';
export { useClockProbes } from './hooks/use-clock-probes';
export { RINGING_TITLE_PREFIX, useRingAlert } from './hooks/use-ring-alert';
export { ShortcutsDialogOnDemand as ShortcutsDialog } from './components/shortcuts-dialog-on-demand';
export { useAnswerOneTabAway, useShortcuts, useShortcutsEnabled } from './shortcuts';
