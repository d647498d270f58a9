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
