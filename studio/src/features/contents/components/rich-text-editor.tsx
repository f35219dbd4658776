import { $createCodeNode, CodeNode } from '@lexical/code'
import { $generateHtmlFromNodes } from '@lexical/html'
import { $createLinkNode, $isLinkNode, LinkNode, TOGGLE_LINK_COMMAND } from '@lexical/link'
import {
  $isListItemNode,
  $isListNode,
  INSERT_ORDERED_LIST_COMMAND,
  INSERT_UNORDERED_LIST_COMMAND,
  ListItemNode,
  ListNode,
} from '@lexical/list'
import { LexicalComposer } from '@lexical/react/LexicalComposer'
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext'
import { ContentEditable } from '@lexical/react/LexicalContentEditable'
import { EditorRefPlugin } from '@lexical/react/LexicalEditorRefPlugin'
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary'
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin'
import { LinkPlugin } from '@lexical/react/LexicalLinkPlugin'
import { ListPlugin } from '@lexical/react/LexicalListPlugin'
import { OnChangePlugin } from '@lexical/react/LexicalOnChangePlugin'
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin'
import { $createHeadingNode, $createQuoteNode, HeadingNode, QuoteNode } from '@lexical/rich-text'
import { $setBlocksType } from '@lexical/selection'
import { $insertNodeToNearestRoot } from '@lexical/utils'
import { ActionIcon, Button, Group, Paper, Popover, Stack, TextInput } from '@mantine/core'
import {
  type Icon,
  IconBold,
  IconCode,
  IconH2,
  IconH3,
  IconItalic,
  IconLink,
  IconLinkPlus,
  IconList,
  IconListNumbers,
  IconPhoto,
  IconPilcrow,
  IconQuote,
} from '@tabler/icons-react'
import {
  $createParagraphNode,
  $createTextNode,
  $getNodeByKey,
  $getRoot,
  $getSelection,
  $isRangeSelection,
  FORMAT_TEXT_COMMAND,
  type LexicalEditor,
  type LexicalNode,
} from 'lexical'
import { type RefObject, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type EditorDocument, openingOf } from '../api/document'
import { $isHtmlBlockNode, $nodesFromHtml, HTML_BLOCK_ATTRIBUTE, HtmlBlockNode } from './html-block-node'
import { $createImageNode, ImageNode } from './image-node'
import classes from './rich-text-editor.module.css'

const THEME = {
  paragraph: classes.paragraph,
  quote: classes.quote,
  code: classes.code,
  link: classes.link,
  text: { bold: classes.bold, italic: classes.italic, code: classes.inlineCode },
}

/** The editor's nodes: a stored tree opens when it holds only their types (`openingOf`, api/document.ts). */
const NODES = [HeadingNode, QuoteNode, ListNode, ListItemNode, CodeNode, LinkNode, ImageNode, HtmlBlockNode]

/**
 * The content's body in Lexical: headings, lists, quotes, code blocks, links, bold and italic,
 * images (`onPickImage` opens the media picker, which inserts through `insertImage` on
 * `editorRef`), embeds (a link alone in its paragraph, see `insertEmbed`), and html blocks for the
 * html it has no node for. Opens the content's Lexical tree, or its html when it has no tree the
 * editor can open; reports both on every change.
 */
export function RichTextEditor({
  initial,
  label,
  onChange,
  onPickImage,
  editorRef,
  readOnly = false,
}: {
  initial: { lexical?: Record<string, unknown> | null; html?: string } | undefined
  label: string
  onChange: (document: EditorDocument) => void
  onPickImage: () => void
  editorRef: RefObject<LexicalEditor | null>
  /** Shown without the toolbar and not editable (a member who may not change the content). */
  readOnly?: boolean
}) {
  const opening = openingOf(initial)
  const initialConfig = {
    namespace: 'folio-content',
    editable: !readOnly,
    theme: THEME,
    nodes: NODES,
    onError: (error: Error) => {
      throw error
    },
    editorState:
      opening.kind === 'lexical'
        ? opening.state
        : opening.kind === 'html'
          ? (editor: LexicalEditor) => importHtml(editor, opening.html)
          : undefined,
  }
  return (
    <LexicalComposer initialConfig={initialConfig}>
      <Paper withBorder radius="md">
        {!readOnly && <Toolbar onPickImage={onPickImage} />}
        <div className={classes.surface}>
          <RichTextPlugin
            contentEditable={<ContentEditable className={classes.editable} aria-label={label} />}
            ErrorBoundary={LexicalErrorBoundary}
          />
        </div>
      </Paper>
      <EditorRefPlugin editorRef={editorRef} />
      <HistoryPlugin />
      <ListPlugin />
      <LinkPlugin />
      <OnChangePlugin
        ignoreSelectionChange
        onChange={(editorState, editor) => {
          // With the editor active: the html export reads its configuration and its nodes by key.
          editorState.read(
            () => {
              onChange({
                lexical: editorState.toJSON() as unknown as Record<string, unknown>,
                html: exportHtml(editor),
              })
            },
            { editor },
          )
        }}
      />
    </LexicalComposer>
  )
}

/** Inserts a media library image as a block after the selection's block (or at the end). */
export function insertImage(editor: LexicalEditor, image: { src: string; altText: string; mediaId: string }) {
  editor.update(() => {
    $insertBlock($createImageNode(image.src, image.altText, image.mediaId))
  })
}

/**
 * Inserts an embed: the URL as a link alone in its own paragraph. No iframe is stored; a website
 * turns such a paragraph into a player or a link card for the URLs it knows (as WordPress does
 * with a bare URL on its own line), and any other reader still gets a working link.
 */
export function insertEmbed(editor: LexicalEditor, url: string) {
  editor.update(() => {
    const paragraph = $createParagraphNode()
    paragraph.append($createLinkNode(url).append($createTextNode(url)))
    $insertBlock(paragraph)
  })
}

/**
 * Inserts `block` at the top level after the selection's block. Inserted from a list, it splits
 * the list; an item left empty beside it (the one the caret was in, or the empty copy Lexical
 * leaves at the end of the body for the caret) is removed rather than saved and published. The
 * caret goes to the next block, or to a new paragraph at the end of the body (not exported while
 * empty, see `exportHtml`).
 */
function $insertBlock(block: LexicalNode) {
  $insertNodeToNearestRoot(block)
  const before = block.getPreviousSibling()
  const after = block.getNextSibling()
  const removedBefore = $isListNode(before) && $removeEmptyItem(before.getLastChild())
  const removedAfter = $isListNode(after) && $removeEmptyItem(after.getFirstChild())
  if (!removedBefore && !removedAfter) return
  const next = block.getNextSibling()
  if (next !== null) {
    next.selectStart()
    return
  }
  const paragraph = $createParagraphNode()
  block.insertAfter(paragraph)
  paragraph.select()
}

/** Removes a list item holding nothing, and its list when it was the last item; whether it did. */
function $removeEmptyItem(item: LexicalNode | null): boolean {
  if (!$isListItemNode(item) || !item.isEmpty()) return false
  const list = item.getParent()
  item.remove()
  if ($isListNode(list) && list.isEmpty()) list.remove()
  return true
}

/** Runs inside the editor's first update: the html's nodes become the document (`$nodesFromHtml`). */
function importHtml(editor: LexicalEditor, html: string) {
  const root = $getRoot()
  root.clear()
  root.append(...$nodesFromHtml(editor, html))
  if (root.isEmpty()) root.append($createParagraphNode())
}

/**
 * The document as the html websites get: Lexical's export without what only the editor needs
 * (its theme's class names, `white-space` styles, direction marks, the bare `<span>` around every
 * run of text and the `<b>` around `<strong>`), with each html block exactly as it holds it, and
 * without the empty paragraphs at the end (where the caret waits after a last image, or Enter was
 * pressed).
 */
function exportHtml(editor: LexicalEditor): string {
  const template = document.createElement('template')
  template.innerHTML = $generateHtmlFromNodes(editor, null)
  // Html blocks come out as marked copies (made for the clipboard); their own text replaces them
  // at the end, after the cleaning, so that nothing in them is re-serialized or cleaned.
  const marker = `folio-html-block:${Math.random().toString(36).slice(2)}:`
  const blocks: string[] = []
  for (const copy of template.content.querySelectorAll(`template[${HTML_BLOCK_ATTRIBUTE}]`)) {
    const node = $getNodeByKey(copy.getAttribute(HTML_BLOCK_ATTRIBUTE) ?? '')
    if (!$isHtmlBlockNode(node)) continue
    copy.replaceWith(document.createComment(`${marker}${blocks.length}`))
    blocks.push(node.getHtml())
  }
  for (const element of template.content.querySelectorAll('*')) {
    element.removeAttribute('class')
    element.removeAttribute('style')
    element.removeAttribute('dir')
    element.removeAttribute('value')
  }
  for (const span of template.content.querySelectorAll('span')) {
    if (span.attributes.length === 0) span.replaceWith(...span.childNodes)
  }
  // Lexical wraps its bold `<strong>` in a `<b>` and its italic `<em>` in an `<i>`: one is enough.
  for (const wrapper of template.content.querySelectorAll('b, i')) {
    const inner = wrapper.tagName === 'B' ? 'STRONG' : 'EM'
    if (wrapper.childNodes.length === 1 && wrapper.firstElementChild?.tagName === inner) {
      wrapper.replaceWith(wrapper.firstElementChild)
    }
  }
  for (let last = template.content.lastChild; isEmptyParagraph(last); last = template.content.lastChild) {
    last.remove()
  }
  return blocks.reduce(
    (html, block, index) => html.replace(`<!--${marker}${index}-->`, () => block),
    template.innerHTML,
  )
}

/** `<p></p>` or `<p><br></p>`: how Lexical exports a paragraph holding nothing. */
function isEmptyParagraph(node: ChildNode | null): node is HTMLParagraphElement {
  if (!(node instanceof HTMLParagraphElement)) return false
  return [...node.childNodes].every((child) => child instanceof HTMLBRElement)
}

type Block = 'paragraph' | 'h2' | 'h3' | 'quote' | 'code'

function Toolbar({ onPickImage }: { onPickImage: () => void }) {
  const { t } = useTranslation()
  const [editor] = useLexicalComposerContext()
  const [linkOpen, setLinkOpen] = useState(false)
  const [url, setUrl] = useState('https://')
  const [embedOpen, setEmbedOpen] = useState(false)
  const [embedUrl, setEmbedUrl] = useState('https://')

  const setBlock = (block: Block) => {
    editor.update(() => {
      const selection = $getSelection()
      if (!$isRangeSelection(selection)) return
      $setBlocksType(selection, () => {
        if (block === 'paragraph') return $createParagraphNode()
        if (block === 'quote') return $createQuoteNode()
        if (block === 'code') return $createCodeNode()
        return $createHeadingNode(block)
      })
    })
  }
  const isLink = () =>
    editor.getEditorState().read(() => {
      const selection = $getSelection()
      return (
        $isRangeSelection(selection) && selection.getNodes().some((node) => $isLinkNode(node.getParent()))
      )
    })

  const button = (label: string, Glyph: Icon, action: () => void) => (
    <ActionIcon key={label} variant="default" size="md" aria-label={label} title={label} onClick={action}>
      <Glyph size={18} stroke={1.6} aria-hidden />
    </ActionIcon>
  )
  return (
    <Group gap={4} p={6} role="toolbar" aria-label={t('editor.toolbar')} wrap="wrap">
      {button(t('editor.paragraph'), IconPilcrow, () => setBlock('paragraph'))}
      {button(t('editor.heading2'), IconH2, () => setBlock('h2'))}
      {button(t('editor.heading3'), IconH3, () => setBlock('h3'))}
      {button(t('editor.bold'), IconBold, () => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'bold'))}
      {button(t('editor.italic'), IconItalic, () => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'italic'))}
      {button(t('editor.bulletList'), IconList, () =>
        editor.dispatchCommand(INSERT_UNORDERED_LIST_COMMAND, undefined),
      )}
      {button(t('editor.numberedList'), IconListNumbers, () =>
        editor.dispatchCommand(INSERT_ORDERED_LIST_COMMAND, undefined),
      )}
      {button(t('editor.quote'), IconQuote, () => setBlock('quote'))}
      {button(t('editor.codeBlock'), IconCode, () => setBlock('code'))}
      <Popover opened={linkOpen} onChange={setLinkOpen} trapFocus withArrow>
        <Popover.Target>
          <ActionIcon
            variant="default"
            size="md"
            aria-label={t('editor.link')}
            title={t('editor.link')}
            onClick={() => {
              if (isLink()) editor.dispatchCommand(TOGGLE_LINK_COMMAND, null)
              else setLinkOpen((open) => !open)
            }}
          >
            <IconLink size={18} stroke={1.6} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          <form
            onSubmit={(event) => {
              event.preventDefault()
              editor.dispatchCommand(TOGGLE_LINK_COMMAND, url)
              setLinkOpen(false)
            }}
          >
            <Stack gap="xs">
              <TextInput
                label={t('editor.linkUrl')}
                value={url}
                onChange={(e) => setUrl(e.currentTarget.value)}
              />
              <Button type="submit" size="xs">
                {t('editor.linkApply')}
              </Button>
            </Stack>
          </form>
        </Popover.Dropdown>
      </Popover>
      {button(t('editor.image'), IconPhoto, onPickImage)}
      <Popover opened={embedOpen} onChange={setEmbedOpen} trapFocus withArrow>
        <Popover.Target>
          <ActionIcon
            variant="default"
            size="md"
            aria-label={t('editor.embed')}
            title={t('editor.embed')}
            onClick={() => setEmbedOpen((open) => !open)}
          >
            <IconLinkPlus size={18} stroke={1.6} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          <form
            onSubmit={(event) => {
              event.preventDefault()
              insertEmbed(editor, embedUrl)
              setEmbedOpen(false)
              setEmbedUrl('https://')
            }}
          >
            <Stack gap="xs">
              <TextInput
                type="url"
                label={t('editor.embedUrl')}
                description={t('editor.embedHint')}
                value={embedUrl}
                onChange={(e) => setEmbedUrl(e.currentTarget.value)}
              />
              <Button type="submit" size="xs">
                {t('editor.embedApply')}
              </Button>
            </Stack>
          </form>
        </Popover.Dropdown>
      </Popover>
    </Group>
  )
}
