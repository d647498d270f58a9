export { palette, cssVariables, themeTokens, timings, fontFamily, radius, type PaletteColor } from './theme';
export { loading, useLoading, LoadingOverlay, LogoLoader, PageLoader, type LoadingOverlayProps, type LogoLoaderProps } from './loading';
export { notify, Notifications, type NotificationItem, type NotificationType, type NotifyOptions, type NotificationsProps } from './notifications';
export {
  ConfirmDialog,
  DialogHost,
  confirm,
  alertDialog,
  type ConfirmDialogProps,
  type ConfirmOptions,
  type AlertOptions,
  type DialogTone,
} from './dialogs';
export { Logo, LogoMark, type LogoProps } from './logo';
export { LanguageSwitcher, type LanguageSwitcherProps } from './language-switcher';
export { PasswordChecklist, type PasswordChecklistProps } from './password-checklist';
export { Spinner, type SpinnerProps } from './spinner';
export { Button, type ButtonProps } from './button';
export { TextAreaField, TextField, type TextAreaFieldProps, type TextFieldProps } from './text-field';
export { Skeleton, type SkeletonProps } from './skeleton';
export { createStore, useStore, type Store } from './store';
