import { type CSSVariablesResolver, createTheme } from '@mantine/core'

/**
 * Mantine's defaults, with a primary colour whose filled buttons keep WCAG AA contrast with white
 * text, and transitions off for users who ask for reduced motion (WCAG 2.3.3).
 */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: 7,
  respectReducedMotion: true,
})

/** Mantine's dimmed text (gray 6) and error red (red 6) miss WCAG AA contrast on white: darker shades. */
export const cssVariables: CSSVariablesResolver = (current) => ({
  variables: {},
  light: { '--mantine-color-dimmed': current.colors.gray[7], '--mantine-color-error': current.colors.red[9] },
  dark: {},
})
