/**
 * This page's id as a tab of the agent's (LIVE_TAB_HEADER in shared/live.ts): its live socket
 * gives it, and so do its actions, whose answer already holds the state the server would push.
 * From getRandomValues, which pages served over plain http have too (randomUUID needs https).
 */
export const liveTab = newTabId();

function newTabId() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // the RFC 4122 variant
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
