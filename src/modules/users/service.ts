// biome-ignore lint/suspicious/noExplicitAny: scaffold, replaced by the module's real service
export function createUsersService(_deps: any) {
  return {}
}
