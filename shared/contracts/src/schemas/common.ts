import { Type, type TSchema } from 'typebox';
import { ERROR_CODES } from '../errors';

export const FieldErrorSchema = Type.Object({
  property: Type.String(),
  message: Type.Record(Type.String(), Type.String()),
});

export const ErrorEnvelopeSchema = Type.Object(
  {
    error: Type.Literal(true),
    statusCode: Type.Integer(),
    code: Type.Enum(Object.values(ERROR_CODES)),
    message: Type.String(),
    errors: Type.Optional(Type.Array(FieldErrorSchema)),
  },
  { $id: 'ErrorEnvelope' },
);

/** `{ data, message? }` */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({ data, message: Type.Optional(Type.String()) });

/** `{ data: { items, total, page, limit } }` */
export const ListEnvelope = <T extends TSchema>(item: T) =>
  Type.Object({
    data: Type.Object({
      items: Type.Array(item),
      total: Type.Integer({ minimum: 0 }),
      page: Type.Integer({ minimum: 1 }),
      limit: Type.Integer({ minimum: 1 }),
    }),
    message: Type.Optional(Type.String()),
  });

export const MessageEnvelope = Type.Object({ message: Type.String() });

export const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
export const UniqueKey = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
export const Timestamp = Type.String({ format: 'date-time' });
/** A calendar day, 'YYYY-MM-DD'. */
export const CalendarDay = Type.String({ format: 'date' });

/** `{id}/{unique_key}`: both must match the same record. */
export const IdKeyParams = Type.Object({ id: Id, unique_key: UniqueKey }, { additionalProperties: false });
export const IdParams = Type.Object({ id: Id }, { additionalProperties: false });

/**
 * `?lang=` on a request whose mail the person reads (sign-in, password recovery, the contact form, a newsletter
 * subscription): the language of the page it came from. Any tag is accepted and mapped to one of the five
 * locales ('en' → en-US); an unsupported one counts as not given (docs/decisions/mail-languages.md).
 */
export const LanguageQuery = Type.Object({ lang: Type.Optional(Type.String({ maxLength: 35 })) }, { additionalProperties: false });

/**
 * A text in the four languages besides pt-BR (docs/decisions/i18n.md, "Translated content"): each optional, a blank or
 * missing one falls back to the pt-BR text beside it. Only the four codes; pt-BR itself is refused (it is the text).
 */
export const Translations = (maxLength: number) =>
  Type.Object(
    {
      'en-US': Type.Optional(Type.String({ maxLength })),
      'es-ES': Type.Optional(Type.String({ maxLength })),
      'fr-FR': Type.Optional(Type.String({ maxLength })),
      'ht-HT': Type.Optional(Type.String({ maxLength })),
    },
    { additionalProperties: false },
  );
