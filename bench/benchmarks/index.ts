import type { Benchmark } from '../benchmark';
import { agentLoad } from './agent-load';
import { analytics } from './analytics';
import { demoData } from './demo-data';
import { liveFanout } from './live-fanout';
import { lists } from './lists';
import { queues } from './queues';
import { startUp } from './start-up';
import { webApp } from './web-app';
import { webScale } from './web-scale';
import { writeVolume } from './write-volume';

/**
 * Every benchmark, in the order they run — listed here explicitly (no folder scan). To add
 * one: a module beside these exporting a `Benchmark`, then a line below (see bench/README.md).
 */
export const benchmarks: readonly Benchmark<unknown>[] = [
  demoData,
  analytics,
  lists,
  webApp,
  webScale,
  startUp,
  agentLoad,
  writeVolume,
  liveFanout,
  queues,
];
