import { useRouter } from '@tanstack/react-router'
import { type RefObject, useEffect } from 'react'

/** How long a new screen may take to show its heading (a lazy screen, data first) before giving up. */
const HEADING_WAIT_MS = 2000

/**
 * After a navigation to another screen, moves the keyboard focus to the screen's `h1` in `main`, so
 * a keyboard or screen reader user starts on the new screen, not on the link that led there (WCAG
 * 2.4.3). Not on the first load (the skip link comes first then), not for a change of search only
 * (filters), and not while the focus is already inside the screen (a Save that changed the address).
 */
export function useFocusOnNavigation(main: RefObject<HTMLElement | null>) {
  const router = useRouter()
  useEffect(
    () =>
      router.subscribe('onResolved', (event) => {
        if (event.fromLocation === undefined || !event.pathChanged) return
        const active = document.activeElement
        const container = main.current
        if (container === null) return
        if (active !== null && active !== document.body && container.contains(active)) return
        focusHeading(container, performance.now() + HEADING_WAIT_MS)
      }),
    [router, main],
  )
}

function focusHeading(container: HTMLElement, deadline: number) {
  const heading = container.querySelector('h1')
  if (heading !== null) {
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
    heading.focus()
    return
  }
  if (performance.now() < deadline) requestAnimationFrame(() => focusHeading(container, deadline))
}
