import { useState } from 'react';
import type { core } from 'zod/mini';
import { ApiError } from './api-client';

/**
 * Why a form was refused: the one message its alert shows, and the fields it is about
 * (top-level keys of the request, such as 'confirmPassword'); none when it is about no field.
 */
export interface FormError {
  message: string;
  fields: readonly string[];
}

/**
 * The first problem zod found, in the order the schema checks them (the spec's order), about
 * every field that has that same problem: 'All fields are required' marks each empty field.
 */
export function firstIssue(error: core.$ZodError, fallbackMessage: string): FormError {
  const message = error.issues[0]?.message ?? fallbackMessage;
  const fields = error.issues
    .filter((issue) => issue.message === message)
    .map((issue) => issue.path[0])
    .filter((field) => typeof field === 'string');
  return { message, fields };
}

/** A refusal from the server, with the screen's message, about the field the server named. */
export function refusal(message: string, field: string | undefined): FormError {
  return { message, fields: field ? [field] : [] };
}

/** The request field the server named in its refusal, if it named one. */
export function refusedField(error: unknown): string | undefined {
  return error instanceof ApiError ? error.field : undefined;
}

/**
 * A form's refusal, which lasts until a field it is about changes: 'Username already exists'
 * goes as soon as the username is edited (and would show again only for the same name).
 * `values` are the form's fields now, by request key; an error about no field stays until the
 * form sets another.
 */
export function useFormError<Values extends object>(values: Values) {
  const [refused, setRefused] = useState<{ error: FormError; values: Values } | null>(null);
  const valueOf = (of: Values, field: string) => of[field as keyof Values];
  const isCurrent =
    refused !== null &&
    refused.error.fields.every((field) =>
      Object.is(valueOf(values, field), valueOf(refused.values, field)),
    );
  // Set from a handler of this render: these values are the ones the form was refused with.
  const setFormError = (error: FormError | null) =>
    setRefused(error === null ? null : { error, values });
  return [isCurrent ? refused.error : null, setFormError] as const;
}
