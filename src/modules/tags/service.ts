// biome-ignore lint/suspicious/noExplicitAny: scaffold, replaced by the module's real service
export function createTagsService(_deps: any) {
  return {}
}
