import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { elapsedSince, fieldProblems, readFailure, retryMinutes } from './form';

/** A form's fields, as the contact form has them. */
const FIELDS = ['name', 'email', 'company', 'telephone', 'subject', 'message'] as const;

function httpError(status: number, data: unknown, headers: Record<string, string> = {}): AxiosError {
  const config = { headers: new AxiosHeaders() };
  const response: AxiosResponse = { status, statusText: String(status), data, headers, config };
  return new AxiosError(`Request failed with status code ${status}`, AxiosError.ERR_BAD_REQUEST, config, {}, response);
}

describe("the public forms' shared reading of a failure", () => {
  it("maps the API's field errors to a form's fields, keeping the text of a rule it does not know", () => {
    expect(
      fieldProblems(
        [
          { property: 'company', message: { isNotEmpty: 'Company is required' } },
          { property: 'message', message: { isString: 'message must be a string' } },
          { property: 'elapsed_ms', message: { isInt: 'elapsed_ms must be an integer number' } },
        ],
        FIELDS,
      ),
    ).toEqual({ company: { rule: 'required' }, message: { text: 'message must be a string' } });
    expect(fieldProblems([{ property: 'email', message: { isEmail: 'Invalid email address' } }], ['email'])).toEqual({ email: { rule: 'invalidEmail' } });
    expect(fieldProblems(undefined, ['email'])).toEqual({});
  });

  it('reads Retry-After in seconds or as a date, in whole minutes of at least one', () => {
    expect(retryMinutes('120')).toBe(2);
    expect(retryMinutes('61')).toBe(2);
    expect(retryMinutes('5')).toBe(1);
    expect(retryMinutes(new Date(Date.UTC(2026, 0, 1, 12, 10)).toUTCString(), Date.UTC(2026, 0, 1, 12, 0))).toBe(10);
    expect(retryMinutes(undefined)).toBeNull();
    expect(retryMinutes('soon')).toBeNull();
  });

  it('gives the minutes of a 429 only, the fields of a 400, and the status and code of any failure', () => {
    const limited = readFailure(httpError(429, { error: true, statusCode: 429, code: 'RATE_LIMITED', message: 'Too many' }, { 'retry-after': '90' }), ['email']);
    expect(limited).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryMinutes: 2, fields: {} });
    const invalid = readFailure(
      httpError(400, { error: true, statusCode: 400, code: 'VALIDATION_ERROR', message: 'Invalid', errors: [{ property: 'email', message: { isEmail: 'Invalid email address' } }] }),
      ['email'],
    );
    expect(invalid).toMatchObject({ status: 400, retryMinutes: null, fields: { email: { rule: 'invalidEmail' } } });
    expect(readFailure(httpError(503, {}, { 'retry-after': '30' }), ['email']).retryMinutes).toBeNull();
  });

  it("counts the milliseconds since the form was shown (none: since the page's start), never below zero", () => {
    const now = Date.now();
    expect(elapsedSince(now - 4200)).toBeGreaterThanOrEqual(4200);
    expect(elapsedSince(null)).toBeGreaterThanOrEqual(Math.floor(now - performance.timeOrigin));
    expect(elapsedSince(now + 60_000)).toBe(0);
  });
});
