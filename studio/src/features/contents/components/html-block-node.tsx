import { $generateNodesFromDOM } from '@lexical/html'
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext'
import { useLexicalEditable } from '@lexical/react/useLexicalEditable'
import { ActionIcon, Button, Code, Group, Modal, Stack, Text, Textarea } from '@mantine/core'
import { IconCode, IconTrash } from '@tabler/icons-react'
import {
  $applyNodeReplacement,
  $createParagraphNode,
  $getNodeByKey,
  $isDecoratorNode,
  $isElementNode,
  DecoratorNode,
  type DOMConversionMap,
  type DOMExportOutput,
  type LexicalEditor,
  type LexicalNode,
  type NodeKey,
  type ParagraphNode,
  type SerializedLexicalNode,
  type Spread,
} from 'lexical'
import { type JSX, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { segmentsOf, tagsOf } from '../api/html-segments'
import { HtmlPreview } from './html-preview'
import classes from './rich-text-editor.module.css'

/** An html block as the Lexical tree stores it (`type: 'html-block'`): its html, as written. */
export type SerializedHtmlBlockNode = Spread<{ html: string }, SerializedLexicalNode>

/**
 * Marks an html block's copy in the editor's html export (its value the node's key): pasted back,
 * it makes a block again; saved, the block's own html replaces it (`rich-text-editor.tsx`).
 */
export const HTML_BLOCK_ATTRIBUTE = 'data-folio-html-block'

/**
 * Html the editor has no node for (a table, a figure, an embed, a div…), kept as written: shown
 * as a labelled preview, removable, its source editable in a dialog, and saved back exactly
 * (docs/decisions/studio.md "The editor"). `html` may be any html: the preview renders it in a
 * sandboxed frame where no script runs, and the server sanitizes what is saved.
 */
export class HtmlBlockNode extends DecoratorNode<JSX.Element> {
  __html: string

  static override getType(): string {
    return 'html-block'
  }

  static override clone(node: HtmlBlockNode): HtmlBlockNode {
    return new HtmlBlockNode(node.__html, node.__key)
  }

  constructor(html: string, key?: NodeKey) {
    super(key)
    this.__html = html
  }

  static override importJSON(serialized: SerializedHtmlBlockNode): HtmlBlockNode {
    return $createHtmlBlockNode(typeof serialized.html === 'string' ? serialized.html : '')
  }

  override exportJSON(): SerializedHtmlBlockNode {
    return { ...super.exportJSON(), type: 'html-block', version: 1, html: this.__html }
  }

  static override importDOM(): DOMConversionMap | null {
    return {
      template: (element) =>
        element.hasAttribute(HTML_BLOCK_ATTRIBUTE)
          ? {
              conversion: () => ({ node: $createHtmlBlockNode((element as HTMLTemplateElement).innerHTML) }),
              priority: 4,
            }
          : null,
    }
  }

  /**
   * The html in a marked `<template>`: inert (nothing in it loads or runs, whatever it holds), and
   * a block again when pasted back into the editor. Saving takes `getHtml()` as it is.
   */
  override exportDOM(): DOMExportOutput {
    const copy = document.createElement('template')
    copy.setAttribute(HTML_BLOCK_ATTRIBUTE, this.getKey())
    copy.innerHTML = this.__html
    return { element: copy }
  }

  getHtml(): string {
    return this.getLatest().__html
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
    return <HtmlBlockView nodeKey={this.getKey()} html={this.__html} />
  }
}

export function $createHtmlBlockNode(html: string): HtmlBlockNode {
  return $applyNodeReplacement(new HtmlBlockNode(html))
}

export function $isHtmlBlockNode(node: LexicalNode | null | undefined): node is HtmlBlockNode {
  return node instanceof HtmlBlockNode
}

/**
 * The editor's nodes for a body's html (`segmentsOf`): Lexical's import of the parts its nodes
 * represent, an html block for each other part. Whatever the import still leaves inline at the
 * top (text, a line break, a link) goes into a paragraph, since the root holds blocks only.
 */
export function $nodesFromHtml(editor: LexicalEditor, html: string): LexicalNode[] {
  const nodes: LexicalNode[] = []
  for (const segment of segmentsOf(html)) {
    if (segment.kind === 'block') {
      nodes.push($createHtmlBlockNode(segment.html))
      continue
    }
    const dom = new DOMParser().parseFromString(segment.html, 'text/html')
    nodes.push(...$generateNodesFromDOM(editor, dom))
  }
  const blocks: LexicalNode[] = []
  let wrapper: ParagraphNode | undefined
  for (const node of nodes) {
    if (($isElementNode(node) || $isDecoratorNode(node)) && !node.isInline()) {
      blocks.push(node)
      wrapper = undefined
      continue
    }
    if (wrapper === undefined) {
      wrapper = $createParagraphNode()
      blocks.push(wrapper)
    }
    wrapper.append(node)
  }
  return blocks
}

function HtmlBlockView({ nodeKey, html }: { nodeKey: NodeKey; html: string }) {
  const { t } = useTranslation()
  const [editor] = useLexicalComposerContext()
  const editable = useLexicalEditable()
  const [editing, setEditing] = useState(false)
  const [source, setSource] = useState(html)
  const tags = tagsOf(html)
  const label = tags.length > 0 ? t('editor.htmlBlock.labelWithTags', { tags }) : t('editor.htmlBlock.label')

  const remove = () =>
    editor.update(() => {
      $getNodeByKey(nodeKey)?.remove()
    })
  const apply = () => {
    editor.update(() => {
      const node = $getNodeByKey(nodeKey)
      if (!$isHtmlBlockNode(node)) return
      // Edited html opens as any stored html does: what the editor represents becomes editable.
      const nodes = $nodesFromHtml(editor, source)
      for (const replacement of nodes.reverse()) node.insertAfter(replacement)
      node.remove()
    })
    setEditing(false)
  }
  return (
    <section className={classes.htmlBlock} aria-label={label}>
      <Group justify="space-between" gap="xs" wrap="nowrap" mb={4}>
        <Text size="xs" c="dimmed" fw={600}>
          {t('editor.htmlBlock.label')} {tags.length > 0 && <Code>{tags}</Code>}
        </Text>
        {editable && (
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-label={t('editor.htmlBlock.edit')}
              title={t('editor.htmlBlock.edit')}
              onClick={() => {
                setSource(html)
                setEditing(true)
              }}
            >
              <IconCode size={16} stroke={1.6} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              size="sm"
              aria-label={t('editor.htmlBlock.remove')}
              title={t('editor.htmlBlock.remove')}
              onClick={remove}
            >
              <IconTrash size={16} stroke={1.6} aria-hidden />
            </ActionIcon>
          </Group>
        )}
      </Group>
      <HtmlPreview html={html} title={t('editor.htmlBlock.preview', { label })} />
      <Modal
        opened={editing}
        onClose={() => setEditing(false)}
        title={t('editor.htmlBlock.dialogTitle')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('app.close') }}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault()
            apply()
          }}
        >
          <Stack>
            <Textarea
              label={t('editor.htmlBlock.source')}
              description={t('editor.htmlBlock.sourceHint')}
              value={source}
              onChange={(event) => setSource(event.currentTarget.value)}
              autosize
              minRows={6}
              maxRows={20}
              spellCheck={false}
              classNames={{ input: classes.htmlSource }}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setEditing(false)}>
                {t('app.cancel')}
              </Button>
              <Button type="submit">{t('editor.htmlBlock.apply')}</Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </section>
  )
}
