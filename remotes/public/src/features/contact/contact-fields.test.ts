import { checkAll, emptyValues, retryMinutes, serverFieldErrors } from './contact-fields';

describe('the contact form rules', () => {
  it('requires every field and a valid email', () => {
    expect(Object.keys(checkAll(emptyValues()))).toEqual(['name', 'email', 'company', 'telephone', 'subject', 'message']);
    const values = { name: 'Ana', email: 'ana@x', company: 'X', telephone: '1', subject: 'S', message: ' ' };
    expect(checkAll(values)).toEqual({ email: { rule: 'invalidEmail' }, message: { rule: 'required' } });
  });

  it("maps the API's field errors to this form's fields, keeping the text of a rule it does not know", () => {
    expect(
      serverFieldErrors([
        { property: 'company', message: { isNotEmpty: 'Company is required' } },
        { property: 'message', message: { isString: 'message must be a string' } },
        { property: 'elapsed_ms', message: { isInt: 'elapsed_ms must be an integer number' } },
      ]),
    ).toEqual({ company: { rule: 'required' }, message: { text: 'message must be a string' } });
  });

  it('reads Retry-After in seconds or as a date, in whole minutes of at least one', () => {
    expect(retryMinutes('120')).toBe(2);
    expect(retryMinutes('61')).toBe(2);
    expect(retryMinutes('5')).toBe(1);
    expect(retryMinutes(new Date(Date.UTC(2026, 0, 1, 12, 10)).toUTCString(), Date.UTC(2026, 0, 1, 12, 0))).toBe(10);
    expect(retryMinutes(undefined)).toBeNull();
    expect(retryMinutes('soon')).toBeNull();
  });
});
