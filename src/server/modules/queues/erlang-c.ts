/**
 * Erlang C: the M/M/N queue (Poisson arrivals, exponential handle times, N agents, callers who
 * never give up, first come first served) that workforce planning sizes a queue by.
 */
export interface Load {
  /** Arrivals an hour. */
  callsPerHour: number;
  /** Average handle time: talk and after-call work, in seconds. */
  handleSeconds: number;
}

/** Offered traffic in erlangs: the agents the calls would keep busy all the time. */
const erlangs = ({ callsPerHour, handleSeconds }: Load) => (callsPerHour * handleSeconds) / 3600;

/**
 * The chance a caller waits at all with `agents` agents, through Erlang B's recursion (no
 * factorials or powers, so no overflow at thousands of agents); 1 when the agents cannot keep
 * up.
 */
export function chanceOfWaiting(load: Load, agents: number) {
  const traffic = erlangs(load);
  if (agents <= traffic) return 1;
  let blocking = 1;
  for (let k = 1; k <= agents; k++) blocking = (traffic * blocking) / (k + traffic * blocking);
  return (agents * blocking) / (agents - traffic * (1 - blocking));
}

/** The share of callers answered within `thresholdSeconds`, in % (0 past saturation). */
export function serviceLevelPercent(load: Load, agents: number, thresholdSeconds: number) {
  const traffic = erlangs(load);
  if (traffic === 0) return 100;
  if (agents <= traffic) return 0;
  const waiting = chanceOfWaiting(load, agents);
  const drain = ((agents - traffic) * thresholdSeconds) / load.handleSeconds;
  return 100 * (1 - waiting * Math.exp(-drain));
}

/** Average speed of answer in seconds, over every caller (those who wait not at all too). */
export function averageSpeedOfAnswerSeconds(load: Load, agents: number) {
  const traffic = erlangs(load);
  if (traffic === 0) return 0;
  if (agents <= traffic) return Number.POSITIVE_INFINITY;
  return (chanceOfWaiting(load, agents) * load.handleSeconds) / (agents - traffic);
}

/**
 * The fewest agents whose service level reaches `targetPercent` within `thresholdSeconds`:
 * 0 with no calls. The service level rises with every agent past the traffic and reaches
 * 100 % in floating point, so the search ends for any target up to 100.
 */
export function agentsNeeded(load: Load, thresholdSeconds: number, targetPercent: number) {
  if (erlangs(load) === 0) return 0;
  let agents = Math.floor(erlangs(load)) + 1;
  while (serviceLevelPercent(load, agents, thresholdSeconds) < targetPercent) agents++;
  return agents;
}
