import {
  $applyNodeReplacement,
  DecoratorNode,
  type DOMConversionMap,
  type DOMExportOutput,
  type NodeKey,
  type SerializedLexicalNode,
  type Spread,
} from 'lexical'
import type { JSX } from 'react'

/** An image of the body as the Lexical tree stores it (`type: 'image'`). */
export type SerializedImageNode = Spread<
  { src: string; altText: string; mediaId: string | null },
  SerializedLexicalNode
>

/**
 * An image from the media library in the body: a block holding one `<img>` (its `src`, `alt`,
 * and the media id in the tree, so the editor knows which item it is). Exported to html as
 * `<img src alt>`, which the server's sanitizer keeps; an `<img>` in html the editor opens
 * becomes one again.
 */
export class ImageNode extends DecoratorNode<JSX.Element> {
  __src: string
  __altText: string
  __mediaId: string | null

  static override getType(): string {
    return 'image'
  }

  static override clone(node: ImageNode): ImageNode {
    return new ImageNode(node.__src, node.__altText, node.__mediaId, node.__key)
  }

  constructor(src: string, altText: string, mediaId: string | null, key?: NodeKey) {
    super(key)
    this.__src = src
    this.__altText = altText
    this.__mediaId = mediaId
  }

  static override importJSON(serialized: SerializedImageNode): ImageNode {
    return $createImageNode(serialized.src, serialized.altText, serialized.mediaId ?? null)
  }

  override exportJSON(): SerializedImageNode {
    return {
      ...super.exportJSON(),
      type: 'image',
      version: 1,
      src: this.__src,
      altText: this.__altText,
      mediaId: this.__mediaId,
    }
  }

  static override importDOM(): DOMConversionMap | null {
    return {
      img: () => ({
        conversion: (element) => {
          const img = element as HTMLImageElement
          const src = img.getAttribute('src')
          return src ? { node: $createImageNode(src, img.getAttribute('alt') ?? '', null) } : { node: null }
        },
        priority: 0,
      }),
    }
  }

  override exportDOM(): DOMExportOutput {
    const img = document.createElement('img')
    img.setAttribute('src', this.__src)
    img.setAttribute('alt', this.__altText)
    return { element: img }
  }

  override createDOM(): HTMLElement {
    return document.createElement('div')
  }

  override updateDOM(): false {
    return false
  }

  override isInline(): false {
    return false
  }

  override decorate(): JSX.Element {
    return <img src={this.__src} alt={this.__altText} style={{ maxWidth: '100%', height: 'auto' }} />
  }
}

export function $createImageNode(src: string, altText: string, mediaId: string | null): ImageNode {
  return $applyNodeReplacement(new ImageNode(src, altText, mediaId))
}
