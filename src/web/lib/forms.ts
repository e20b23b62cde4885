/** Form checks with the shared zod schemas: the first message of each field, ready to show (translated). */
import type { z } from 'zod';
import { issueMessage } from '../../shared/message';
import { MSG } from '../../shared/messages';
import { i18n } from './i18n';

export type FieldErrors = Record<string, string>;

export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    // The issue's Message (docs/decisions/0076-error-codes.md): its code, not recovered from the text.
    errors[field] ??= i18n.message(issueMessage(issue));
  }
  return errors;
}

export type FormCheck<S extends z.ZodType> = { data: z.output<S>; errors: null } | { data: null; errors: FieldErrors };

/** Parse a form's values: either the parsed data or the field messages. */
export function checkForm<S extends z.ZodType>(schema: S, values: unknown): FormCheck<S> {
  const result = schema.safeParse(values);
  return result.success ? { data: result.data, errors: null } : { data: null, errors: fieldErrorsOf(result.error) };
}

/**
 * checkForm with a schema loaded on demand (pages that keep zod out of their first paint). A schema
 * that cannot be loaded (offline) is the network's failure, reported under `form`.
 */
export async function checkFormLazily<S extends z.ZodType>(
  load: () => Promise<S>,
  values: unknown,
): Promise<FormCheck<S>> {
  let schema: S;
  try {
    schema = await load();
  } catch {
    return { data: null, errors: { form: i18n.message(MSG.networkError) } };
  }
  return checkForm(schema, values);
}
