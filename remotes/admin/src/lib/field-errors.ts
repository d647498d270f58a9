import type { ErrorEnvelope } from '@vitrine/contracts';
import { isHttpError } from '@vitrine/core';

export interface ServerFieldError<F extends string> {
  property: F;
  /** The rule that failed (`isNotEmpty`, `isPhoneNumber`, `maxLength`…), to say it in the user's language. */
  rule: string | undefined;
  /** The server's own text for it (English), shown when the screen has none of its own. */
  text: string | undefined;
}

/** The field errors of a 400 answer that name one of the form's `fields` (none for any other failure). */
export function serverFieldErrors<F extends string>(error: unknown, fields: readonly F[]): ServerFieldError<F>[] {
  if (!isHttpError(error) || error.response?.status !== 400) return [];
  const errors = (error.response.data as Partial<ErrorEnvelope> | undefined)?.errors ?? [];
  return errors
    .filter((item): item is typeof item & { property: F } => (fields as readonly string[]).includes(item.property))
    .map(({ property, message = {} }) => {
      const rule = ['isNotEmpty', ...Object.keys(message)].find((name) => message[name]);
      return { property, rule, text: rule ? message[rule] : undefined };
    });
}

/** The part of an antd form the server's field errors are put on. */
interface ErrorsTarget {
  setFields(fields: { name: never; errors: string[] }[]): void;
  scrollToField(name: never, options?: { focus?: boolean }): void;
}

/**
 * Puts the field errors of a failed save on the form's fields, each said by `say` (in the user's language), and
 * brings the first into view. Answers false when the failure names none of `fields` (the caller says it another
 * way). `nameOf` maps a dotted property (`contact.email`) to the form's field name.
 */
export function showFieldErrors<F extends string>(
  form: ErrorsTarget,
  error: unknown,
  fields: readonly F[],
  say: (field: ServerFieldError<F>) => string,
  options: { nameOf?: (property: F) => string | string[]; focus?: boolean } = {},
): boolean {
  const found = serverFieldErrors(error, fields);
  if (found.length === 0) return false;
  const nameOf = options.nameOf ?? ((property: F) => property);
  form.setFields(found.map((field) => ({ name: nameOf(field.property) as never, errors: [say(field)] })));
  form.scrollToField(nameOf(found[0]!.property) as never, options.focus ? { focus: true } : undefined);
  return true;
}
