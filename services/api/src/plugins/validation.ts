import Ajv, { type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { EMAIL_PATTERN, type FieldError } from '@vitrine/contracts';
import { BadRequestError } from '../errors';
import { AUDIENCE_FIELD_MESSAGES, CONTENT_FIELD_MESSAGES } from '@vitrine/contracts/schemas';

/** The texts the screens show for missing required fields, by property name. */
const FIELD_MESSAGES: Record<string, string> = { ...CONTENT_FIELD_MESSAGES, ...AUDIENCE_FIELD_MESSAGES };

function makeAjv(coerceTypes: boolean): Ajv {
  const ajv = new Ajv({ removeAdditional: false, useDefaults: true, coerceTypes, allErrors: true, strict: false });
  addFormats(ajv);
  return ajv;
}

/**
 * Two validators: params and query arrive as text and are coerced to the
 * schema's types; bodies are JSON and must already have the right types.
 */
export function installValidators(app: FastifyInstance): void {
  const coercing = makeAjv(true);
  const strict = makeAjv(false);
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? strict : coercing;
    return ajv.compile(schema);
  });
  // Every JSON body of every route is measured before it is parsed: nothing after the parser (the NUL walk
  // below, the schemas, the services) meets a body nested deeper than MAX_BODY_DEPTH. Fastify's own parser
  // (prototype-poisoning checks, its empty and malformed body errors) does the rest.
  const parseJson = app.getDefaultJsonParser(app.initialConfig.onProtoPoisoning ?? 'error', app.initialConfig.onConstructorPoisoning ?? 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (jsonNestingExceeds(text, MAX_BODY_DEPTH)) {
      done(new BadRequestError('VALIDATION_ERROR', [{ property: 'body', message: { maxDepth: `body must not nest arrays and objects more than ${MAX_BODY_DEPTH} levels deep` } }]), undefined);
      return;
    }
    parseJson(request, text, done);
  });
  // A request without a body is validated as {}: the client learns which fields are required.
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined && request.routeOptions.schema?.body) request.body = {};
    // One rule for every string of every route, before any schema or the database sees it.
    const errors = [...nulErrors(request.params, 'params'), ...nulErrors(request.query, 'querystring'), ...nulErrors(request.body, 'body')];
    if (errors.length) throw new BadRequestError('VALIDATION_ERROR', errors);
  });
}

/** How deep arrays and objects may nest in a JSON request body: far beyond what any route's schema describes. */
export const MAX_BODY_DEPTH = 64;

/**
 * Whether JSON text nests arrays and objects deeper than `limit`, read from the text in one pass (brackets
 * inside strings do not count). A body thousands of levels deep used to reach the recursive walks after the
 * parser and overflow the stack: a 500 on every route that takes a body.
 */
export function jsonNestingExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i += 1; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * PostgreSQL text cannot hold U+0000 (the database answers an encoding error, which used to be a
 * 500): every string, and every object key, in params, query and body with one is a 400 naming it.
 */
export function nulErrors(value: unknown, context: string): FieldError[] {
  const found: string[] = [];
  const walk = (node: unknown, at: string[]): void => {
    if (typeof node === 'string') {
      if (node.includes('\u0000')) found.push(at.length ? at.join('.') : context);
    } else if (Array.isArray(node)) {
      node.forEach((item, i) => walk(item, [...at, String(i)]));
    } else if (node !== null && typeof node === 'object' && !Buffer.isBuffer(node)) {
      for (const [key, item] of Object.entries(node)) {
        if (key.includes('\u0000')) found.push([...at, key.replaceAll('\u0000', '\\0')].join('.'));
        else walk(item, [...at, key]);
      }
    }
  };
  walk(value, []);
  return [...new Set(found)].map((property) => ({ property, message: { isValid: `${property} must not contain a NUL character` } }));
}

const TYPE_RULES: Record<string, [string, string]> = {
  string: ['isString', 'must be a string'],
  integer: ['isInt', 'must be an integer number'],
  number: ['isNumber', 'must be a number'],
  boolean: ['isBoolean', 'must be a boolean value'],
  array: ['isArray', 'must be an array'],
  object: ['isObject', 'must be an object'],
};

function isEmailField(property: string): boolean {
  return /(^|\.)email$/.test(property);
}

/** The screens' text of a missing required field ('Title is required'), else '<property> is required'. */
function requiredText(property: string): string {
  if (isEmailField(property)) return 'Invalid email address';
  return FIELD_MESSAGES[property] ?? `${property} is required`;
}

function joinPath(context: string | undefined, instancePath: string, child?: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (child !== undefined) parts.push(child);
  return parts.length ? parts.join('.') : (context ?? 'body');
}

/** One ajv error as class-validator's { property, rule, text } (the shape the client's error handler reads). */
function describe(error: ErrorObject, context: string | undefined): { property: string; rule: string; text: string } | null {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required': {
      const property = joinPath(context, error.instancePath, String(params.missingProperty));
      return { property, rule: 'isNotEmpty', text: requiredText(property) };
    }
    case 'additionalProperties': {
      const name = String(params.additionalProperty);
      return { property: joinPath(context, error.instancePath, name), rule: 'whitelistValidation', text: `property ${name} should not exist` };
    }
    case 'anyOf':
    case 'oneOf':
      return null;
    default:
      break;
  }
  const property = joinPath(context, error.instancePath);
  switch (error.keyword) {
    case 'type': {
      const type = String(params.type);
      if (type === 'null') return null;
      const [rule, text] = TYPE_RULES[type] ?? ['isValid', 'has the wrong type'];
      return { property, rule, text: `${property} ${text}` };
    }
    case 'enum':
    case 'const': {
      const values = Array.isArray(params.allowedValues) ? params.allowedValues : [params.allowedValue];
      return { property, rule: 'isEnum', text: `${property} must be one of the following values: ${values.join(', ')}` };
    }
    case 'pattern':
      if (params.pattern === EMAIL_PATTERN || isEmailField(property)) return { property, rule: 'isEmail', text: 'Invalid email address' };
      return { property, rule: 'matches', text: `${property} has an invalid format` };
    case 'minLength':
      if (params.limit === 1) {
        return { property, rule: 'isNotEmpty', text: requiredText(property) };
      }
      return { property, rule: 'minLength', text: `${property} must be longer than or equal to ${String(params.limit)} characters` };
    case 'maxLength':
      return { property, rule: 'maxLength', text: `${property} must be shorter than or equal to ${String(params.limit)} characters` };
    case 'minimum':
      return { property, rule: 'min', text: `${property} must not be less than ${String(params.limit)}` };
    case 'maximum':
      return { property, rule: 'max', text: `${property} must not be greater than ${String(params.limit)}` };
    case 'minItems':
      if (params.limit === 1) return { property, rule: 'arrayNotEmpty', text: requiredText(property) };
      return { property, rule: 'arrayMinSize', text: `${property} must contain at least ${String(params.limit)} elements` };
    case 'maxItems':
      return { property, rule: 'arrayMaxSize', text: `${property} must contain no more than ${String(params.limit)} elements` };
    case 'uniqueItems':
      return { property, rule: 'arrayUnique', text: `All ${property}'s elements must be unique` };
    case 'minProperties':
      return { property, rule: 'isNotEmptyObject', text: `${property} must not be empty` };
    case 'format':
      return { property, rule: 'isValid', text: `${property} must be a valid ${String(params.format)}` };
    default:
      return { property, rule: 'isValid', text: `${property} is invalid` };
  }
}

/** Groups ajv errors per property: [{ property, message: { rule: text } }]. */
export function toFieldErrors(errors: readonly ErrorObject[], context: string | undefined): FieldError[] {
  const byProperty = new Map<string, Record<string, string>>();
  for (const error of errors) {
    const item = describe(error, context);
    if (!item) continue;
    const message = byProperty.get(item.property) ?? {};
    message[item.rule] ??= item.text;
    byProperty.set(item.property, message);
  }
  if (byProperty.size === 0) byProperty.set(context ?? 'body', { isValid: `${context ?? 'body'} is invalid` });
  return [...byProperty].map(([property, message]) => ({ property, message }));
}
