import type { BuildOptions } from 'esbuild';

export const SERVER_BUNDLE: string;
export const SERVER_ARGS: string[];
export const SERVER_SOURCES: string[];
export const serverBundling: BuildOptions;
export function isWebBuildCurrent(root: string): boolean;
export function isServerBuildCurrent(root: string): boolean;
export function buildWeb(root: string): number;
export function copySqlFiles(root: string, outDir: string): void;
export function buildServer(root: string): Promise<void>;
export function failedBuild(error: unknown): never;
