// biome-ignore lint/suspicious/noExplicitAny: scaffold, replaced by the module's real service
export function createContentsService(_deps: any) {
  return {}
}
