import type en from './en.json'

/**
 * A top-level key of `en.json` and `tr.json`: the unit in which Studio's strings load
 * (docs/decisions/studio.md "Languages"). The build makes each a chunk per language (`strings()` in
 * studio/vite.config.ts).
 */
export type Section = keyof typeof en

/**
 * The sections the first screen's code names (the shell, sign-in, the error and no-access screens):
 * one chunk per language, loaded before the first render. Every other section loads with the screen
 * that names it (`withStrings`, app/i18n.ts). test/studio-strings.test.ts checks this list against
 * the code, and test/studio-budget.test.ts counts the chunk in the first screen's budget.
 */
export const FIRST_SECTIONS = [
  'access',
  'account',
  'app',
  'auth',
  'errors',
  'nav',
  'tenants',
] as const satisfies readonly Section[]
