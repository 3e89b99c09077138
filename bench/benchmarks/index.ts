import type { Benchmark } from '../benchmark';
import { analytics } from './analytics';
import { demoData } from './demo-data';
import { startUp } from './start-up';
import { webApp } from './web-app';

/**
 * Every benchmark, in the order they run — listed here explicitly (no folder scan). To add
 * one: a module beside these exporting a `Benchmark`, then a line below (see bench/README.md).
 */
export const benchmarks: readonly Benchmark<unknown>[] = [demoData, analytics, webApp, startUp];
