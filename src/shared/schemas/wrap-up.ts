import { z } from 'zod';
import { requiredText } from './fields';

export const MAX_WRAP_UP_CODE_LENGTH = 60;
/** After Call Work limits a team may set, in seconds: half a minute to an hour. */
export const MIN_AFTER_CALL_LIMIT_SECONDS = 30;
export const MAX_AFTER_CALL_LIMIT_SECONDS = 3600;

export const wrapUpCodeSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** An inactive code is kept for the calls that have it but offered no more. */
  active: z.boolean(),
});
export type WrapUpCode = z.infer<typeof wrapUpCodeSchema>;

/** How a team wraps up: the rules, and its codes in the order added. */
export const teamWrapUpSchema = z.object({
  /** An agent must choose a code before leaving After Call Work (when the team has one). */
  required: z.boolean(),
  /** After Call Work longer than this ends: the system sets Available. Null: no limit. */
  afterCallLimitSeconds: z.number().int().nullable(),
  codes: z.array(wrapUpCodeSchema),
});
export type TeamWrapUp = z.infer<typeof teamWrapUpSchema>;

export const wrapUpRulesSchema = z.object({
  required: z.boolean({ error: 'Say whether a wrap-up code is required' }),
  afterCallLimitSeconds: z
    .number({ error: 'Enter the limit in seconds' })
    .int({ error: 'Enter the limit in whole seconds' })
    .min(MIN_AFTER_CALL_LIMIT_SECONDS, {
      error: `The limit must be at least ${MIN_AFTER_CALL_LIMIT_SECONDS} seconds`,
    })
    .max(MAX_AFTER_CALL_LIMIT_SECONDS, {
      error: `The limit must be at most ${MAX_AFTER_CALL_LIMIT_SECONDS} seconds`,
    })
    .nullable(),
});
export type WrapUpRules = z.infer<typeof wrapUpRulesSchema>;

const codeName = requiredText('Enter a name for the code', MAX_WRAP_UP_CODE_LENGTH, 'Code name');

export const newWrapUpCodeSchema = z.object({ name: codeName });

export const wrapUpCodeChangesSchema = z
  .object({ name: codeName.optional(), active: z.boolean().optional() })
  .refine((changes) => changes.name !== undefined || changes.active !== undefined, {
    error: 'Give a new name or whether the code is active',
  });

export const wrapUpCodeParamsSchema = z.object({
  id: z.uuid({ error: 'Not a valid id' }),
  codeId: z.uuid({ error: 'Not a valid id' }),
});

export const wrapUpCodeResponseSchema = z.object({ code: wrapUpCodeSchema });
export const agentWrapUpCodesSchema = z.object({ codes: z.array(wrapUpCodeSchema) });
