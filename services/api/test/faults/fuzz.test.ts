import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { ERROR_CODES } from '@vitrine/contracts';
import { ADMIN, BACKENDS, setupApp, type Staff, type TestContext } from '../helpers';
import { createArticle, createCategory, imageId, png } from '../content-helpers';

/**
 * A property-based fuzz of every API route: its path parameters, query and body, anonymously, with a
 * made-up token, as the admin and as a writer. For every call:
 *   - the status is never 5xx;
 *   - an error (4xx) is the API's envelope: { error: true, statusCode, code (one of ERROR_CODES), message, errors? };
 *   - a 4xx wrote no data (a checksum of every data table, before and after).
 * Routes come from the app's own route table (each route of its reviewed copy, test/route-policies.json, is a
 * test; the last test fuzzes any route the app has beyond it), their shapes from the app's OpenAPI document. Inputs mix values shaped like the
 * schema, the same with wrong types and edges (lengths and bounds one past the limit, huge numbers, lone
 * surrogates, prototype keys), arbitrary JSON, raw texts (malformed, deeply nested, over the body limit), odd
 * content types, real ids and keys of seeded records, and random ones.
 *
 * FUZZ_RUNS sets the runs per route; FUZZ_SEED replays a run (each route uses FUZZ_SEED + its index; a failure
 * names the seed); FUZZ_STATS=<file> appends one line per call (route, caller, status, code, the fields named),
 * to see what the inputs reach.
 */

/** Runs per route; a HEAD route (its GET's handler, no body) gets a third. About 1 000 calls per database in all. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
const runsOf = (route: TableRoute) => (route.method === 'HEAD' ? Math.ceil(RUNS / 3) : RUNS);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 0x7fffffff);
/**
 * A run is one request and two checksum queries (sometimes a sign-in first): a few milliseconds here. A second
 * per run leaves room for a busy machine; the setup seeds a handful of records through the API.
 */
const MS_PER_RUN = 1_000;
const TEST_TIMEOUT = RUNS * MS_PER_RUN + 10_000;
/** The setup signs four staff members in and seeds a dozen records through the API: about ten seconds here. */
const SETUP_TIMEOUT = 120_000;
/** Routes registered but not yet in the reviewed table that the last test fuzzes (their time is budgeted). */
const MAX_UNLISTED = 10;

interface TableRoute {
  method: string;
  url: string;
}

/**
 * Every route under /api in the reviewed route table (test/route-policies.json, which the route table test
 * keeps equal to the app's own), one entry per method (the CORS preflight aside): read when the tests are
 * collected, before any app exists, so that each route is a test of its own.
 */
function apiRoutes(): TableRoute[] {
  const table = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'route-policies.json'), 'utf8')) as TableRoute[];
  return table
    .filter((r) => r.url.startsWith('/api/'))
    .flatMap((r) => r.method.split(',').map((method) => ({ method, url: r.url })))
    .filter((r) => r.method !== 'OPTIONS');
}

/**
 * What a 4xx must leave untouched: every table of the migrations but these, which record the request itself
 * or its side effects by design, whatever the answer:
 *   - sessions: signing in and out; the session mechanics may note any signed-in call;
 *   - login_attempts: failed sign-ins are counted before the password check (the sign-in limits);
 *   - rate_limits: the request counters of the rate limits (a 429 is a 4xx that counts);
 *   - verification_codes: a wrong code is an attempt counted against it (a 400 that counts), and a sign-in
 *     under attack answers 403 SIGN_IN_CODE_REQUIRED after mailing a code;
 *   - outbox, password_resets: mail those answers and valid recovery requests send (recovery answers the same
 *     for any address);
 *   - read_dedup, read_salts, article_reads_daily: a visitor's read counted (public, answered 204);
 *   - digest_sends, digest_deliveries: the digest job's bookkeeping.
 * The audit log is data: its rows exist if and only if a staff member's change committed.
 */
const NOT_DATA = new Set(['sessions', 'login_attempts', 'rate_limits', 'outbox', 'verification_codes', 'password_resets', 'read_dedup', 'read_salts', 'article_reads_daily', 'digest_sends', 'digest_deliveries']);

function dataTables(): string[] {
  const dir = path.join(__dirname, '..', '..', 'src', 'migrations');
  const names = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .flatMap((f) => [...fs.readFileSync(path.join(dir, f), 'utf8').matchAll(/CREATE TABLE (?:IF NOT EXISTS )?([a-z_]+)/gi)].map((m) => m[1] as string));
  return [...new Set(names)].filter((t) => !NOT_DATA.has(t)).sort();
}

/** Per data table: its row count and an order-free sum of the rows' hashes (cheap at test sizes). */
async function checksum(ctx: TestContext, tables: readonly string[]): Promise<Record<string, string>> {
  const sql = tables.map((t) => `SELECT '${t}' AS t, count(*)::text || ':' || coalesce(sum(hashtextextended(x::text, 0)), 0)::text AS h FROM ${t} x`).join(' UNION ALL ');
  const rows = await ctx.db.query<{ t: string; h: string }>(sql);
  return Object.fromEntries(rows.map((r) => [r.t, r.h]));
}

// ---- Schemas (OpenAPI 3.0 as @fastify/swagger writes them) -------------------------------------------------

interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  pattern?: string;
  format?: string;
}

interface Operation {
  parameters?: { in: string; name: string; required?: boolean; schema: Schema }[];
  requestBody?: { content?: Record<string, { schema: Schema }> };
}

type Doc = { paths: Record<string, Record<string, Operation>> };

/** Keys that reach prototype and query-operator code when a server is careless. */
const DANGER_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', '$ne', '$where', ''];
const WEIRD_STRINGS = [
  '',
  ' ',
  '\t\n',
  '\u00a0',
  '\uD800',
  '\uDFFFx\uD800',
  '\uFEFF',
  '\u202Egnp.exe',
  '𝒳𝒴🙂👩‍👩‍👧',
  'ǅ',
  '\u0000',
  '%00',
  '%',
  '%E0%A4%A',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '${7*7}{{7*7}}',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x1F',
  '2147483648',
  '9007199254740993',
  '[]',
  '{}',
  '__proto__',
  'constructor',
];
const HUGE_STRINGS = [1_000, 10_001, 200_001].map((n) => 'x'.repeat(n));
const NUMBERS = [0, -0, -1, 1.5, -1.5, 2147483647, 2147483648, -2147483649, 2 ** 53, 2 ** 53 + 2, -(2 ** 53) - 2, 1e21, 1e308, -1e308, 5e-324];

const weirdString = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...WEIRD_STRINGS) }, { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) }, { weight: 1, arbitrary: fc.constantFrom(...HUGE_STRINGS) });
const weirdNumber = fc.oneof(fc.constantFrom(...NUMBERS), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }));
/** Any JSON value, and the odd ones picked by hand. */
const oddJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: weirdString },
  { weight: 2, arbitrary: weirdNumber },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], { '': null }, [[[[]]]]) },
);

/** An object with own keys as given, `__proto__` included (set as a plain own property, as JSON.parse would). */
function objectOf(entries: [string, unknown][]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of entries) Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  return out;
}

/** Values by property name that reach further than random ones: real ids and keys of the seeded records. */
type Hints = Record<string, unknown[]>;

function stringArb(schema: Schema, mutate: boolean): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 60;
  const options: fc.Arbitrary<string>[] = [];
  if (schema.format === 'date-time') options.push(fc.date({ min: new Date('1900-01-01'), max: new Date('2200-01-01'), noInvalidDate: true }).map((d) => d.toISOString()));
  else if (schema.format === 'date') options.push(fc.date({ min: new Date('1900-01-01'), max: new Date('2200-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)));
  else if (schema.format === 'email') options.push(fc.emailAddress());
  else if (schema.format === 'uri') options.push(fc.webUrl());
  if (schema.pattern) {
    try {
      options.push(fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length >= min && s.length <= max));
    } catch {
      // A pattern fast-check cannot invert: plain strings only.
    }
  }
  // Valid: a format's or a pattern's strings when the schema names one.
  if (!mutate && options.length) return fc.oneof(...options);
  options.push(fc.string({ minLength: min, maxLength: Math.min(max, 40) }));
  if (!mutate) return fc.oneof(...options);
  const edges = [...new Set([min, max, max + 1].filter((n) => n >= 0 && n <= 300_000))].map((n) => 'a'.repeat(n));
  return fc.oneof({ weight: 4, arbitrary: fc.oneof(...options) }, { weight: 1, arbitrary: fc.constantFrom(...edges, ' '.repeat(Math.max(min, 1))) });
}

function numberArb(schema: Schema, integer: boolean, mutate: boolean): fc.Arbitrary<number> {
  const min = Math.max(schema.minimum ?? -(2 ** 31), -(2 ** 31));
  const max = Math.min(schema.maximum ?? 2 ** 31 - 1, 2 ** 31 - 1);
  const inRange = integer ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true });
  if (!mutate) return inRange;
  const edges = [schema.minimum, schema.maximum].filter((n): n is number => n !== undefined).flatMap((n) => [n - 1, n, n + 1, n + 0.5]);
  return fc.oneof({ weight: 4, arbitrary: inRange }, { weight: 1, arbitrary: fc.constantFrom(...edges, ...NUMBERS) });
}

/**
 * Values shaped like the schema. Mutating: mostly valid, with wrong types, edges, dangerous keys and real ids
 * mixed in. Not mutating: valid by the schema (real ids where they help), so the call reaches the service.
 */
function shaped(schema: Schema, name: string, hints: Hints, mutate: boolean, depth = 0): fc.Arbitrary<unknown> {
  const hinted = hints[name];
  const options = [{ weight: 8, arbitrary: valid(schema, hints, mutate, depth) }];
  if (mutate) options.push({ weight: 1, arbitrary: oddJson });
  if (hinted) options.push({ weight: 4, arbitrary: fc.constantFrom(...hinted) });
  return fc.oneof(...options);
}

function valid(schema: Schema, hints: Hints, mutate: boolean, depth: number): fc.Arbitrary<unknown> {
  if (depth > 5) return oddJson;
  let arb: fc.Arbitrary<unknown>;
  if (schema.enum) arb = fc.constantFrom(...schema.enum);
  else if (schema.anyOf || schema.oneOf) arb = fc.oneof(...(schema.anyOf ?? schema.oneOf ?? []).map((s) => valid(s, hints, mutate, depth)));
  else {
    switch (schema.type) {
      case 'object': {
        const properties = Object.entries(schema.properties ?? {});
        const required = new Set(schema.required ?? []);
        // Each property present or not (a required one mostly, or always when not mutating), then a few extra keys sometimes.
        const fields = properties.map(([key, sub]) => {
          const present = shaped(sub, key, hints, mutate, depth + 1).map((v) => [[key, v]] as [string, unknown][]);
          const absent = fc.constant([] as [string, unknown][]);
          if (required.has(key)) return mutate ? fc.oneof({ weight: 9, arbitrary: present }, { weight: 1, arbitrary: absent }) : present;
          return fc.oneof(present, absent);
        });
        const extra = typeof schema.additionalProperties === 'object' ? shaped(schema.additionalProperties, '', hints, mutate, depth + 1) : oddJson;
        const extras = mutate
          ? fc.oneof({ weight: 4, arbitrary: fc.constant([] as [string, unknown][]) }, { weight: 1, arbitrary: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...DANGER_KEYS), fc.string({ maxLength: 12 })), extra), { maxLength: 3 }) })
          : fc.constant([] as [string, unknown][]);
        arb = fc.tuple(fc.tuple(...fields), extras).map(([present, more]) => objectOf([...present.flat(), ...more]));
        break;
      }
      case 'array': {
        const item = schema.items ? shaped(schema.items, '', hints, mutate, depth + 1) : oddJson;
        const maxItems = schema.maxItems ?? 4;
        const bounds = { minLength: schema.minItems ?? 0, maxLength: Math.max(schema.minItems ?? 0, Math.min(maxItems, 4)) };
        const within = schema.uniqueItems && !mutate ? fc.uniqueArray(item, { ...bounds, selector: (v) => JSON.stringify(v) }) : fc.array(item, bounds);
        arb = mutate ? fc.oneof({ weight: 4, arbitrary: within }, { weight: 1, arbitrary: fc.array(item, { minLength: Math.min(maxItems + 1, 60), maxLength: Math.min(maxItems + 1, 60) }) }) : within;
        break;
      }
      case 'string':
        arb = stringArb(schema, mutate);
        break;
      case 'integer':
        arb = numberArb(schema, true, mutate);
        break;
      case 'number':
        arb = numberArb(schema, false, mutate);
        break;
      case 'boolean':
        arb = fc.boolean();
        break;
      default:
        arb = oddJson;
    }
  }
  return schema.nullable ? fc.oneof({ weight: 4, arbitrary: arb }, { weight: 1, arbitrary: fc.constant(null) }) : arb;
}

// ---- Requests ----------------------------------------------------------------------------------------------

type Caller = 'anonymous' | 'garbage' | 'admin' | 'writer';

interface Input {
  /** Extra request headers (a cookie only for callers without a session: it would replace the session's proof). */
  headers: Partial<Record<string, string>>;
  caller: Caller;
  garbageToken: string;
  params: Record<string, string>;
  /** Raw query string (without '?'), already encoded. */
  query: string;
  body: { contentType: string; payload: string | Buffer } | undefined;
  remoteAddress: string;
}

/** Percent-encodes any string, lone surrogates included (encodeURIComponent throws on those). */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0').toUpperCase()}`).join('');
  }
}

function asQueryValues(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => asQueryValues(v)).slice(0, 5);
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object') return [String(value)];
  return [JSON.stringify(value)];
}

/** Bodies that are not JSON, or JSON past a limit: malformed, prototype poisoning, over the 1 MiB body limit, nested too deep. */
const RAW_TEXTS = [
  '',
  '{',
  '{"a":',
  '[1,]',
  "{'a':1}",
  'null',
  '"text"',
  '1e999',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '{"a":1,"a":2}',
  `"${'x'.repeat(1024 * 1024)}"`,
  `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
  `${'['.repeat(200_000)}${']'.repeat(200_000)}`,
];
const rawText = fc.oneof(
  fc.constantFrom(...RAW_TEXTS),
  fc.integer({ min: 60, max: 70 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
  fc.string({ unit: 'binary', maxLength: 60 }),
);

const PARAM_VALUES = ['0', '-1', '1', '2147483647', '2147483648', '9007199254740993', '1e3', '1.5', '0x1F', ' 1', '%20', '..', '%2e%2e', '%2F', 'null', '__proto__', 'constructor', 'a'.repeat(101)];

function inputArb(route: TableRoute, operation: Operation | undefined, hints: Hints, pools: Record<string, { id: string; key: string | null }[]>, samples: Buffer[]): fc.Arbitrary<Input> {
  const extraBodies: fc.Arbitrary<{ contentType: string; payload: string | Buffer }>[] = [];
  const names = [...route.url.matchAll(/:([A-Za-z_]+)|\*/g)].map((m) => m[1] ?? '*');
  const rawValue = fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...PARAM_VALUES) },
    { weight: 2, arbitrary: fc.integer({ min: -5, max: 2 ** 31 + 5 }).map(String) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }).map(encode) },
    { weight: 1, arbitrary: fc.stringMatching(/^[a-z0-9-]{1,40}$/) },
  );
  const randomParams = fc.tuple(...names.map(() => rawValue)).map((values) => Object.fromEntries(names.map((n, i) => [n, values[i] as string])));
  // A real record of the route's kind: its id and key match, so the call reaches the service.
  const section = /^\/api\/([a-z]+)/.exec(route.url)?.[1] ?? '';
  const pool = pools[section] ?? pools.all ?? [];
  const realParams = pool.length
    ? fc.tuple(fc.constantFrom(...pool), randomParams).map(([record, rest]) => {
        const out = { ...rest };
        for (const n of names) {
          if (n === 'id' || n === 'x') out[n] = record.id;
          if ((n === 'unique_key' || n === 'y') && record.key) out[n] = record.key;
        }
        return out;
      })
    : randomParams;
  const params = fc.oneof({ weight: 3, arbitrary: realParams }, { weight: 2, arbitrary: randomParams });

  const declared = (operation?.parameters ?? []).filter((p) => p.in === 'query');
  const queryPairs = fc
    .tuple(
      fc.tuple(...declared.map((p) => fc.option(shaped(p.schema, p.name, hints, true).map((v) => asQueryValues(v).map((text) => [p.name, text] as [string, string])), { freq: 2 }))),
      fc.oneof({ weight: 4, arbitrary: fc.constant([] as [string, string][]) }, { weight: 1, arbitrary: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...DANGER_KEYS, 'lang', 'page', 'a[b]', 'a.b'), fc.string({ maxLength: 8 })), weirdString), { maxLength: 3 }) }),
    )
    .map(([own, extra]) => [...own.flatMap((o) => o ?? []), ...extra]);
  const query = fc.oneof(
    { weight: 9, arbitrary: queryPairs.map((pairs) => pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')) },
    { weight: 1, arbitrary: fc.constantFrom('%', '%E0%A4%A', 'a=%ZZ', '&&&', '=', 'a=1&a=2&a=3', `q=${'x'.repeat(5000)}`) },
  );

  const schema = operation?.requestBody?.content?.['application/json']?.schema;
  const jsonText = (schema ? fc.oneof({ weight: 3, arbitrary: shaped(schema, '', hints, true) }, { weight: 2, arbitrary: shaped(schema, '', hints, false) }, { weight: 1, arbitrary: oddJson }) : oddJson).map(
    (v) => JSON.stringify(v) ?? 'null',
  );
  const contentType = fc.oneof(
    { weight: 12, arbitrary: fc.constant('application/json') },
    { weight: 1, arbitrary: fc.constantFrom('application/json; charset=utf-8', 'application/json; charset=latin1', 'text/plain', 'application/x-www-form-urlencoded', 'application/octet-stream', 'multipart/form-data; boundary=x', 'application/vnd.api+json', 'text/html', '') },
  );
  // The one multipart route (its OpenAPI operation documents no JSON body).
  if (route.url === '/api/upload/image') {
    // A file part: real image bytes or not, any name, cut short or whole.
    const part = fc
      .record({
        field: fc.oneof({ weight: 4, arbitrary: fc.constant('file') }, { weight: 1, arbitrary: fc.string({ maxLength: 8 }) }),
        filename: fc.oneof(fc.constantFrom('a.png', 'a.svg', '', '../../a.png', 'a'.repeat(300)), fc.string({ maxLength: 20 })),
        type: fc.constantFrom('image/png', 'image/svg+xml', 'application/octet-stream', 'text/html'),
        bytes: fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...samples) }, { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((a) => Buffer.from(a)) }),
        whole: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
      })
      .map(({ field, filename, type, bytes, whole }) => {
        const head = `--x\r\nContent-Disposition: form-data; name="${field.replace(/["\r\n]/g, '')}"; filename="${filename.replace(/["\r\n]/g, '')}"\r\nContent-Type: ${type}\r\n\r\n`;
        return { contentType: 'multipart/form-data; boundary=x', payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(whole ? '\r\n--x--\r\n' : '')]) };
      });
    extraBodies.push(part);
  }
  const takesBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'DELETE' || route.method === 'PATCH';
  const body = takesBody
    ? fc.oneof(
        { weight: 6, arbitrary: fc.record({ contentType, payload: jsonText }) },
        { weight: 1, arbitrary: fc.record({ contentType, payload: rawText }) },
        { weight: 1, arbitrary: fc.constant(undefined) },
        ...extraBodies.map((arbitrary) => ({ weight: 6, arbitrary })),
      )
    : fc.constant(undefined);

  // Headers the API reads besides the session's: language, conditional and encoding negotiation, cookies.
  const headerText = fc.oneof(fc.stringMatching(/^[\x20-\x7e]{0,80}$/), fc.constantFrom('*', 'W/"v1-0-abc"', '"x", W/"y"', 'br;q=0, gzip;q=1, *;q=0', 'identity;q=0', 'en-US,pt;q=0.9', 'xx-XX', 'Thu, 01 Jan 1970 00:00:00 GMT', '%E0%A4%A'));
  const headers = fc.record(
    {
      'accept-language': headerText,
      'if-none-match': headerText,
      'if-modified-since': headerText,
      'accept-encoding': headerText,
      accept: fc.constantFrom('application/json', 'text/html', '*/*', 'image/webp', ''),
      cookie: fc.oneof(headerText, fc.constantFrom('vt_lang=en-US', 'vt_lang=%E0%A4%A', 'vt_lang=', `vt_session=${'a'.repeat(300)}`, 'vt_session=x; vt_session=y', '__proto__=1')),
    },
    { requiredKeys: [] },
  );
  return fc.record({
    headers: fc.oneof({ weight: 3, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: headers }),
    caller: fc.constantFrom<Caller>('anonymous', 'garbage', 'admin', 'admin', 'writer'),
    garbageToken: fc.stringMatching(/^[\x21-\x7e]{0,60}$/),
    params,
    query,
    body,
    remoteAddress: fc.tuple(fc.integer({ min: 1, max: 254 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 1, max: 254 })).map(([a, b, c]) => `10.${a}.${b}.${c}`),
  });
}

function urlOf(route: TableRoute, input: Input): string {
  const pathname = route.url.replace(/:([A-Za-z_]+)|\*/g, (_, name: string | undefined) => input.params[name ?? '*'] ?? '');
  return input.query ? `${pathname}?${input.query}` : pathname;
}

function clip(text: string, max = 300): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
}

const CODES = new Set(Object.keys(ERROR_CODES));

/** The answer's text, decompressed when the request's accept-encoding let it be compressed. */
function bodyText(res: LightMyRequestResponse): string {
  const encoding = String(res.headers['content-encoding'] ?? '');
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload).toString('utf8');
  return res.body;
}

/** An error answer's code and field errors, for FUZZ_STATS. */
function errorSummary(res: LightMyRequestResponse): string {
  try {
    const body = JSON.parse(bodyText(res)) as { code?: string; errors?: { property: string }[] };
    return `${body.code ?? ''} ${(body.errors ?? []).map((e) => e.property).join(',')}`;
  } catch {
    return '';
  }
}

/** What is wrong with an answer, or null. */
function envelopeProblem(res: LightMyRequestResponse, method: string): string | null {
  if (res.statusCode >= 500) return `a ${res.statusCode}`;
  if (res.statusCode >= 300 && res.statusCode < 400) return res.headers.location || res.statusCode === 304 ? null : 'a redirect without a location';
  if (res.statusCode < 400 || method === 'HEAD') return null;
  if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) return `an error answered as ${String(res.headers['content-type'])}`;
  let body: { error?: unknown; statusCode?: unknown; code?: unknown; message?: unknown; errors?: unknown };
  try {
    body = JSON.parse(bodyText(res)) as typeof body;
  } catch {
    return 'an error whose body is not JSON';
  }
  if (body.error !== true || body.statusCode !== res.statusCode) return 'an error without error: true and its status';
  if (typeof body.code !== 'string' || !CODES.has(body.code)) return `an error code outside the catalogue (${String(body.code)})`;
  if (typeof body.message !== 'string' || body.message === '') return 'an error without a message';
  if (body.errors !== undefined) {
    const ok =
      Array.isArray(body.errors) &&
      body.errors.every(
        (e: { property?: unknown; message?: unknown }) =>
          typeof e.property === 'string' && e.message !== null && typeof e.message === 'object' && Object.values(e.message as object).every((t) => typeof t === 'string'),
      );
    if (!ok) return 'field errors not shaped { property, message: { rule: text } }';
  }
  return null;
}

const ROUTES = apiRoutes();

describe.each(BACKENDS)('fuzz of every API route: never a 5xx, errors in the envelope, a 4xx writes nothing (%s)', (backend) => {
  let ctx: TestContext;
  let doc: Doc;
  let writer: Staff;
  /** Signs in and out for the sign-out route (the admin's and the writer's sessions stay). */
  let leaver: Staff;
  let hints: Hints;
  /** Image files to upload: a small PNG and its first half. */
  let samples: Buffer[];
  let pools: Record<string, { id: string; key: string | null }[]>;
  const tables = dataTables();
  const tokens = { admin: '', writer: '' };

  beforeAll(async () => {
    ctx = await setupApp(backend);
    doc = ctx.app.swagger() as unknown as Doc;
    tokens.admin = ctx.admin.token;
    writer = await ctx.staff(['article_management']);
    tokens.writer = writer.token;
    leaver = await ctx.staff(['dashboard']);
    // Records to aim at: users (never the admin, the writer or the leaver), content, the audience, the FAQ, SEO.
    const targets = [await ctx.staff(['dashboard']), await ctx.staff(['article_management', 'site_editor'])];
    const image = await imageId(ctx);
    const png40 = await png(40, 30);
    samples = [png40, png40.subarray(0, png40.length >> 1)];
    const category = await createCategory(ctx);
    await createArticle(ctx, { image_id: image, category_ids: [category.id] }, { status: 'published' });
    await createArticle(ctx, { image_id: image, category_ids: [category.id] }, {});
    const contact = { name: 'Lia', email: 'lia.fuzz@vitrine.test', company: 'Acme', telephone: '+55 11 90000-0000', subject: 'Orçamento', message: 'Olá', elapsed_ms: 60_000 };
    for (const [url, body] of [
      ['/api/public/contact', contact],
      ['/api/public/newsletter', { email: 'news.fuzz@vitrine.test', name: 'Nina', elapsed_ms: 60_000 }],
      ['/api/faq/entry', { product: 'Vitrine', question: 'Como funciona?', answer: 'Bem.' }],
      ['/api/seo/seo', { name: 'Analytics', head_markup: '<meta name="x" content="y">', body_markup: '' }],
    ] as const) {
      const res = await ctx.call('POST', url, { token: tokens.admin, body });
      if (res.statusCode >= 300) throw new Error(`seeding ${url}: ${res.statusCode} ${res.body}`);
    }
    const keyed = async (table: string, where = 'true') => {
      const hasKey = (await ctx.db.query<{ n: number }>("SELECT count(*)::int AS n FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 AND column_name = 'unique_key'", [table]))[0]?.n;
      return ctx.db.query<{ id: string; key: string | null }>(`SELECT id::text AS id, ${hasKey ? 'unique_key' : 'NULL'} AS key FROM ${table} WHERE ${where}`);
    };
    const users = await keyed('users', `id IN (${targets.map((t) => t.id).join(',')})`);
    pools = {
      user: users,
      article: await keyed('articles'),
      category: await keyed('categories'),
      seo: await keyed('seo_entries'),
      message: await keyed('messages'),
      lead: await keyed('leads'),
      faq: await keyed('faq_entries'),
    };
    pools.public = [...(pools.article ?? []), ...(pools.lead ?? []), ...users];
    pools.all = Object.values(pools).flat();
    hints = {
      image_id: [image, `${image}x`],
      social_image_id: [image],
      category_ids: [[category.id], [category.id, category.id], [category.id, 2 ** 31 - 1]],
      email: ['lia.fuzz@vitrine.test', 'news.fuzz@vitrine.test', ...targets.map((t) => t.email)],
      photo: [`/uploads/images/${image}/320.webp`, 'https://example.invalid/x.png'],
      logo_id: [image],
      created_by: [ctx.admin.id, writer.id],
      created_by_unique_key: [ctx.admin.unique_key, writer.unique_key],
      timeZone: ['America/Sao_Paulo', 'UTC', 'Europe/Paris', 'Mars/Olympus', 'Etc/GMT+14'],
      url: ['https://www.instagram.com/vitrine', 'https://linkedin.com/company/x', 'javascript:alert(1)', 'http://x'],
      phone: ['+55 11 90000-0000', '11 3333-4444', '+1'],
      telephone: ['+55 11 90000-0000'],
      elapsed_ms: [60_000, 0, 2 ** 31 - 1],
      website: [''],
    };
  }, SETUP_TIMEOUT);

  afterAll(() => ctx.close());

  afterEach(async () => {
    // Should a run have ended a caller's session, the next route starts signed in again.
    if ((await ctx.call('GET', '/api/auth/me', { token: tokens.admin })).statusCode !== 200) tokens.admin = await ctx.login(ADMIN.email, ADMIN.password);
    if ((await ctx.call('GET', '/api/auth/me', { token: tokens.writer })).statusCode !== 200) tokens.writer = await ctx.login(writer.email, writer.password);
  });

  /** Every route under /api the app itself registers, one entry per method (the CORS preflight aside). */
  const registered = (): TableRoute[] =>
    ctx.app.routeTable
      .filter((r) => r.url.startsWith('/api/'))
      .flatMap((r) => r.method.split(',').map((method) => ({ method, url: r.url })))
      .filter((r) => r.method !== 'OPTIONS');

  async function fuzz(route: TableRoute, seed: number): Promise<void> {
    const operation = doc.paths[route.url.replace(/:([A-Za-z_]+)/g, '{$1}')]?.[(route.method === 'HEAD' ? 'get' : route.method).toLowerCase()];
    const signOut = route.url === '/api/auth/auth/logout';
    await fc.assert(
      fc.asyncProperty(inputArb(route, operation, hints, pools, samples), async (input) => {
        let token: string | undefined;
        if (input.caller === 'admin' || input.caller === 'writer') token = signOut ? await ctx.login(leaver.email, leaver.password) : tokens[input.caller];
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(input.headers)) if (value !== undefined && !(name === 'cookie' && token)) headers[name] = value;
        if (input.caller === 'garbage') headers.authorization = `Bearer ${input.garbageToken}`;
        if (input.body?.contentType) headers['content-type'] = input.body.contentType;
        const url = urlOf(route, input);
        const before = await checksum(ctx, tables);
        const res = await ctx.call(route.method as 'GET', url, { token, headers, remoteAddress: input.remoteAddress, ...(input.body ? { body: input.body.payload } : {}) });
        if (process.env.FUZZ_STATS) fs.appendFileSync(process.env.FUZZ_STATS, `${route.method} ${route.url} ${input.caller} ${res.statusCode} ${res.statusCode >= 400 ? errorSummary(res) : ''}\n`);
        const problem = envelopeProblem(res, route.method);
        const described = () =>
          `${route.method} ${clip(url, 200)} as ${input.caller} ${JSON.stringify(headers)} [${input.body?.contentType ?? 'no body'}] ${clip(String(input.body?.payload ?? ''), 300)}\n→ ${res.statusCode} ${clip(bodyText(res), 400)}`;
        if (problem) throw new Error(`${problem}: ${described()}`);
        if (res.statusCode >= 400 && res.statusCode < 500) {
          const after = await checksum(ctx, tables);
          const changed = tables.filter((t) => before[t] !== after[t]);
          if (changed.length) throw new Error(`a ${res.statusCode} changed ${changed.join(', ')}: ${described()}`);
        }
      }),
      { numRuns: runsOf(route), seed, endOnFailure: true },
    );
  }

  it('knows the shape of every documented route (all but the API docs’ own files)', () => {
    const undocumented = registered().filter((r) => r.method !== 'HEAD' && !doc.paths[r.url.replace(/:([A-Za-z_]+)/g, '{$1}')]?.[r.method.toLowerCase()]);
    expect(undocumented.filter((r) => !r.url.startsWith('/api/docs'))).toEqual([]);
  });

  // One test per route of the reviewed table (a failure names its route)...
  it.each(ROUTES.map((route, index) => [`${route.method} ${route.url}`, route, index] as const))('%s', (_name, route, index) => fuzz(route, SEED + index), TEST_TIMEOUT);

  // ...and the routes the app registers beyond it (added since the table was last written; the route table test
  // asks for it to be updated), so that every route the app has is fuzzed.
  it(
    `routes the app registers beyond the reviewed table (up to ${MAX_UNLISTED})`,
    async () => {
      const listed = new Set(ROUTES.map((r) => `${r.method} ${r.url}`));
      const unlisted = registered().filter((r) => !listed.has(`${r.method} ${r.url}`));
      expect(unlisted.length).toBeLessThanOrEqual(MAX_UNLISTED);
      for (const [i, route] of unlisted.entries()) await fuzz(route, SEED + ROUTES.length + i);
    },
    MAX_UNLISTED * TEST_TIMEOUT,
  );
});
