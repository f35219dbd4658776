/**
 * Hosts whose video players may be embedded in content html (iframes from anywhere else are dropped
 * by the sanitizer), so the only frames of content Studio shows
 * (docs/decisions/content.md "HTML is sanitized on write", docs/decisions/studio.md "Serving").
 */
export const EMBED_HOSTS: readonly string[] = [
  'www.youtube.com',
  'youtube.com',
  'www.youtube-nocookie.com',
  'youtube-nocookie.com',
  'player.vimeo.com',
]
