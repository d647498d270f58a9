import { formatTaxId } from '@vitrine/utils';
import type { Gender, User, UserUpdateInput } from '@vitrine/contracts';

/** What the profile form edits of the own record (email and password have forms of their own). */
export interface ProfileValues {
  name: string;
  last_name: string;
  gender: Gender;
  phone: string;
  tax_id: string;
  biography: string;
  /** The photo's URL (an own upload), or none. */
  photo: string | null;
}

export const PROFILE_FIELDS = ['name', 'last_name', 'gender', 'phone', 'tax_id', 'biography', 'photo'] as const satisfies readonly (keyof ProfileValues)[];

/** The form's values for a stored user (absent texts as empty ones). */
export function profileValues(user: User): ProfileValues {
  return {
    name: user.name,
    last_name: user.last_name,
    gender: user.gender,
    phone: user.phone ?? '',
    tax_id: user.tax_id ?? '',
    biography: user.biography ?? '',
    photo: user.photo,
  };
}

const orNull = (text: string) => (text ? text : null);

/** The values as the API would keep them: texts trimmed, blanks as none, the tax id in its mask. */
export function cleanProfile(values: ProfileValues): Pick<User, (typeof PROFILE_FIELDS)[number]> {
  return {
    name: values.name.trim(),
    last_name: values.last_name.trim(),
    gender: values.gender,
    phone: orNull(values.phone.trim()),
    tax_id: orNull(formatTaxId(values.tax_id)),
    biography: orNull(values.biography.trim()),
    photo: values.photo,
  };
}

/**
 * Only what differs from the stored record, cleaned: the body of the save (a field someone else
 * changed meanwhile is not written back), empty when there is nothing to save.
 */
export function profileChanges(values: ProfileValues, saved: User): UserUpdateInput {
  const typed = cleanProfile(values);
  const stored = cleanProfile(profileValues(saved));
  const changes: Record<string, unknown> = {};
  for (const field of PROFILE_FIELDS) if (typed[field] !== stored[field]) changes[field] = typed[field];
  return changes as UserUpdateInput;
}
