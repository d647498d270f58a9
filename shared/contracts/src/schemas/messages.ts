/**
 * Success messages the API sends with `{ data, message }`, one per event
 * (the screens translate by key, i18n `success.<KEY>`).
 */
export const SUCCESS_MESSAGES = {
  LOGIN: 'Signed in successfully',
  LOGOUT: 'Signed out successfully',
  USER_CREATED: 'User created successfully',
  USER_UPDATED: 'User updated successfully',
  USER_DELETED: 'User deleted successfully',
  STATUS_CHANGED: 'Status changed successfully',
  PASSWORD_RESET: 'Password changed successfully',
  RECOVERY_EMAIL_SENT: 'If the email is registered, a recovery link has been sent',
  SEO_CREATED: 'SEO entry created successfully',
  SEO_UPDATED: 'SEO entry updated successfully',
  ACCOUNT_VERIFIED: 'Account verified successfully',
  CODE_SENT: 'A new code has been sent to your email',
} as const;

export type SuccessKey = keyof typeof SUCCESS_MESSAGES;
