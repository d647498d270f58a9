import type { User } from '@vitrine/contracts';
import { cleanProfile, profileChanges, profileValues } from './profile';

const user: User = {
  id: 7,
  unique_key: 'u-7',
  name: 'Ana',
  last_name: 'Souza',
  email: 'ana@vitrine.test',
  position: 'Editora',
  type: 'operational',
  status: 'active',
  accesses: ['dashboard'],
  gender: 'female',
  phone: '+55 11 98888-7777',
  tax_id: '529.982.247-25',
  biography: null,
  photo: null,
  created_at: '2026-01-10T10:00:00.000Z',
  updated_at: '2026-01-10T10:00:00.000Z',
};

describe('the profile form', () => {
  it('shows absent texts as empty ones', () => {
    expect(profileValues(user)).toEqual({ name: 'Ana', last_name: 'Souza', gender: 'female', phone: '+55 11 98888-7777', tax_id: '529.982.247-25', biography: '', photo: null });
  });

  it('cleans as the API keeps: trimmed, blanks as none, the tax id in its mask', () => {
    expect(cleanProfile({ ...profileValues(user), name: ' Ana ', phone: '  ', tax_id: '11222333000181', biography: ' Escrevo.\n\nSobre design. ' })).toMatchObject({
      name: 'Ana',
      phone: null,
      tax_id: '11.222.333/0001-81',
      biography: 'Escrevo.\n\nSobre design.',
    });
  });

  it('sends only what changed, and nothing when only the spelling of a value did', () => {
    expect(profileChanges(profileValues(user), user)).toEqual({});
    expect(profileChanges({ ...profileValues(user), name: 'Ana ', tax_id: '52998224725' }, user)).toEqual({});
    expect(profileChanges({ ...profileValues(user), last_name: 'Lima', biography: 'Oi', photo: '/uploads/images/a/320.webp' }, user)).toEqual({
      last_name: 'Lima',
      biography: 'Oi',
      photo: '/uploads/images/a/320.webp',
    });
    expect(profileChanges({ ...profileValues(user), phone: '', gender: 'unspecified' }, user)).toEqual({ phone: null, gender: 'unspecified' });
  });
});
