/**
 * The product's palette as data: TS tokens for code, CSS custom properties for
 * styles.css, and antd-shaped tokens the admin side feeds to ConfigProvider
 * (this package never imports antd).
 */
export const palette = {
  primary: '#1b2a4a',
  secondary: '#6b7280',
  accent: '#7c3aed',
  dark: '#111827',
  positive: '#15803d',
  negative: '#c62828',
  info: '#0e7490',
  warning: '#b45309',
  light: '#f5f6f8',
  surface: '#ffffff',
  border: '#d9dde3',
  text: '#1f2937',
  textMuted: '#5b6472',
} as const;

export type PaletteColor = keyof typeof palette;

export const fontFamily =
  "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

export const radius = { sm: 4, md: 8, lg: 12 } as const;

/** `--vt-<name>` custom properties, the same values styles.css declares on :root. */
export const cssVariables: Record<`--vt-${string}`, string> = {
  '--vt-primary': palette.primary,
  '--vt-secondary': palette.secondary,
  '--vt-accent': palette.accent,
  '--vt-dark': palette.dark,
  '--vt-positive': palette.positive,
  '--vt-negative': palette.negative,
  '--vt-info': palette.info,
  '--vt-warning': palette.warning,
  '--vt-light': palette.light,
  '--vt-surface': palette.surface,
  '--vt-border': palette.border,
  '--vt-text': palette.text,
  '--vt-text-muted': palette.textMuted,
  '--vt-radius-sm': `${radius.sm}px`,
  '--vt-radius': `${radius.md}px`,
  '--vt-radius-lg': `${radius.lg}px`,
};

/** Seed tokens in antd's names (ConfigProvider `theme.token`). Plain data: no antd import. */
export const themeTokens = {
  colorPrimary: palette.primary,
  colorInfo: palette.info,
  colorSuccess: palette.positive,
  colorError: palette.negative,
  colorWarning: palette.warning,
  colorLink: palette.accent,
  colorTextBase: palette.text,
  colorBgBase: palette.surface,
  colorBorder: palette.border,
  // Secondary texts, descriptions and placeholders at WCAG AA contrast on white (antd's defaults are 2.5–3.4:1):
  // #5b6472 is 6.0:1, #6b7280 4.8:1.
  colorTextSecondary: palette.textMuted,
  colorTextTertiary: palette.textMuted,
  colorTextDescription: palette.textMuted,
  colorTextPlaceholder: '#6b7280',
  borderRadius: radius.md,
  fontFamily,
  fontSize: 14,
} as const;

/** Notification and dialog timings, the same on every screen. */
export const timings = {
  loadingHideDelay: 500,
  notificationTimeout: 5000,
  dialogTransition: 300,
} as const;
