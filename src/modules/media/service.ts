// biome-ignore lint/suspicious/noExplicitAny: scaffold, replaced by the module's real service
export function createMediaService(_deps: any) {
  return {}
}
