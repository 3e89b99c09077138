import { z } from 'zod';
import { isoDateTime } from './fields';

/** The server's clock, read alone: a browser measures its offset by such round trips. */
export const serverClockSchema = z.object({ serverNow: isoDateTime });
