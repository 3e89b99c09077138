import type { Plugin } from 'vite';

export function precompressDir(dir: string): Promise<string[]>;
export function precompress(): Plugin;
