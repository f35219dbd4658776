import { useEffect, useRef, useState } from 'react'
import classes from './rich-text-editor.module.css'

/** The preview's own page: the block's html with plain reading styles, in the frame's document. */
function previewDocument(html: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>
body{margin:0;display:flow-root;font:16px/1.6 system-ui,sans-serif;color:#212529;overflow:hidden}
body>:first-child{margin-top:0}body>:last-child{margin-bottom:0}
img,iframe,video{max-width:100%;height:auto}
table{border-collapse:collapse}td,th{border:1px solid #ced4da;padding:2px 6px}
pre{white-space:pre-wrap}
</style></head><body>${html}</body></html>`
}

/**
 * The html rendered in a frame sandboxed without scripts (nothing in it runs, whatever the html
 * holds), sized to its content. Same-origin only so that its height can be read.
 */
export function HtmlPreview({ html, title }: { html: string; title: string }) {
  const frame = useRef<HTMLIFrameElement>(null)
  const [height, setHeight] = useState(32)
  useEffect(() => {
    const element = frame.current
    if (!element) return
    const measure = () => {
      const body = element.contentDocument?.body
      if (body) setHeight(Math.max(16, Math.ceil(body.getBoundingClientRect().height)))
    }
    // Once loaded (its images too), and again when the editor's width changes.
    element.addEventListener('load', measure)
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => {
      element.removeEventListener('load', measure)
      observer.disconnect()
    }
  }, [])
  return (
    <iframe
      ref={frame}
      title={title}
      sandbox="allow-same-origin"
      srcDoc={previewDocument(html)}
      className={classes.htmlPreview}
      style={{ height }}
      tabIndex={-1}
    />
  )
}
