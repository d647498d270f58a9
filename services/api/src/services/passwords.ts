import { checkNewPassword, type NewPasswordInput } from '@vitrine/contracts';
import { BadRequestError } from '../errors';
import { hashPassword, verifyPassword } from '../lib/security';

/** Applies the contracts' password rules; throws the matching 400 error. */
export function assertNewPassword(input: NewPasswordInput, requireCurrent: boolean): void {
  const problem = checkNewPassword(input, requireCurrent);
  if (problem) throw new BadRequestError(problem);
}

export class PasswordHasher {
  private dummy: Promise<string> | undefined;

  constructor(private readonly cost: number) {}

  hash(password: string): Promise<string> {
    return hashPassword(password, this.cost);
  }

  verify(password: string, stored: string): Promise<boolean> {
    return verifyPassword(password, stored);
  }

  /** Spends the same time as a real check, so an unknown email is not told apart by timing. */
  async verifyDummy(password: string): Promise<false> {
    this.dummy ??= hashPassword('dummy-password-for-timing', this.cost);
    await verifyPassword(password, await this.dummy);
    return false;
  }
}
