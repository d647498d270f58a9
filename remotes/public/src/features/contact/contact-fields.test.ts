import { checkAll, emptyValues } from './contact-fields';

describe('the contact form rules', () => {
  it('requires every field and a valid email', () => {
    expect(Object.keys(checkAll(emptyValues()))).toEqual(['name', 'email', 'company', 'telephone', 'subject', 'message']);
    const values = { name: 'Ana', email: 'ana@x', company: 'X', telephone: '1', subject: 'S', message: ' ' };
    expect(checkAll(values)).toEqual({ email: { rule: 'invalidEmail' }, message: { rule: 'required' } });
  });
});
