import { type CSSVariablesResolver, createTheme } from '@mantine/core'

/** Mantine's defaults, with a primary colour whose filled buttons keep WCAG AA contrast with white text. */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: 7,
})

/** Mantine's dimmed text (gray 6) misses WCAG AA contrast on white: one shade darker. */
export const cssVariables: CSSVariablesResolver = (current) => ({
  variables: {},
  light: { '--mantine-color-dimmed': current.colors.gray[7] },
  dark: {},
})
