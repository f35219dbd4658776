import { createTheme } from '@mantine/core'

/** Mantine's defaults, with a primary colour whose filled buttons keep WCAG AA contrast with white text. */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: 7,
})
