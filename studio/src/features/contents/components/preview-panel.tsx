import {
  Alert,
  Box,
  Button,
  CloseButton,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core'
import { IconExternalLink } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { AnchorLink } from '../../../lib/links'
import {
  createPreviewToken,
  isPreviewReady,
  type PreviewContent,
  previewMessage,
  previewOriginOf,
  previewTokenQuery,
} from '../api/preview'

/** How long the edits pause before the preview gets them. */
const POST_DELAY_MS = 150

/** The widths the preview is shown at (px; desktop takes the panel's width). */
const DEVICES = { phone: 375, tablet: 768, desktop: undefined } as const
type Device = keyof typeof DEVICES

/**
 * The live preview beside the editor (docs/decisions/studio.md "Live preview"): the tenant's site
 * in a frame at the content's preview URL (a token renewed before it expires), given the unsaved
 * content (`read()`) as it is typed, debounced, by `postMessage` to the preview's origin only, and
 * again whenever the site, from that frame and that origin, says it listens. Without a template for
 * the content's type it says so and links to the settings.
 */
export function PreviewPanel({
  tenantId,
  contentId,
  contentType,
  canConfigure,
  read,
  onEdit,
  onClose,
}: {
  tenantId: string
  contentId: string
  contentType: string
  /** Whether the member may set the preview URLs (`settings:update`). */
  canConfigure: boolean
  /** The unsaved content, read when it is sent. */
  read: () => PreviewContent
  /** Calls `listener` after each edit of the form; answers the function that stops it. */
  onEdit: (listener: () => void) => () => void
  onClose: () => void
}) {
  const { t } = useTranslation()
  const headingId = useId()
  const devicesId = useId()
  const [device, setDevice] = useState<Device>('desktop')
  const [opening, setOpening] = useState(false)
  const [tabError, setTabError] = useState<string>()
  const token = useQuery(previewTokenQuery(tenantId, contentId))
  const url = token.data?.url ?? undefined
  const origin = url === undefined ? undefined : previewOriginOf(url)
  const frame = useRef<HTMLIFrameElement>(null)
  const readLatest = useRef(read)
  readLatest.current = read
  // Whether the page in the frame said it listens: messages go only to a page that does, since
  // before that the frame may still hold its empty first document, of Studio's own origin.
  const ready = useRef(false)

  useEffect(() => {
    ready.current = false
    if (url === undefined || origin === undefined) return
    const post = () => {
      const target = frame.current?.contentWindow
      if (!ready.current || !target) return
      target.postMessage(previewMessage(readLatest.current()), origin)
    }
    const heard = (event: MessageEvent) => {
      if (!isPreviewReady(event, frame.current?.contentWindow, origin)) return
      ready.current = true
      post()
    }
    let timer: ReturnType<typeof setTimeout> | undefined
    const stop = onEdit(() => {
      clearTimeout(timer)
      timer = setTimeout(post, POST_DELAY_MS)
    })
    window.addEventListener('message', heard)
    return () => {
      clearTimeout(timer)
      stop()
      window.removeEventListener('message', heard)
    }
    // A new address (a renewed token) loads the page again, which says again when it listens.
  }, [url, origin, onEdit])

  /** Opens the preview in a new tab, with a token of its own (the frame's is renewed apart). */
  const openTab = async () => {
    setTabError(undefined)
    // Opened at once, within the click, so no popup blocker refuses it; the address follows.
    const tab = window.open('about:blank', '_blank')
    setOpening(true)
    try {
      const fresh = await createPreviewToken(tenantId, contentId)
      if (!tab) return
      if (fresh.url === null) {
        tab.close()
        return
      }
      tab.opener = null
      tab.location.href = fresh.url
    } catch (error) {
      tab?.close()
      setTabError(error instanceof Error ? error.message : String(error))
    } finally {
      setOpening(false)
    }
  }

  const width = DEVICES[device]
  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} size="h4" id={headingId}>
            {t('editor.preview.title')}
          </Title>
          <CloseButton aria-label={t('editor.preview.close')} onClick={onClose} />
        </Group>
        {token.error ? (
          <Alert color="red" role="alert">
            {token.error.message}
          </Alert>
        ) : !token.data ? (
          <Loader size="sm" aria-label={t('app.loading')} />
        ) : url === undefined || origin === undefined ? (
          <Alert color="yellow" role="status">
            <Stack gap="xs">
              <Text size="sm">{t('editor.preview.noTemplate', { type: contentType })}</Text>
              {canConfigure ? (
                <AnchorLink
                  size="sm"
                  to="/t/$tenantId/settings"
                  params={{ tenantId }}
                  search={{ tab: 'preview' }}
                >
                  {t('editor.preview.setTemplate')}
                </AnchorLink>
              ) : (
                <Text size="sm">{t('editor.preview.askAdmin')}</Text>
              )}
            </Stack>
          </Alert>
        ) : (
          <>
            <Group justify="space-between" gap="xs">
              <Group gap="xs" role="group" aria-labelledby={devicesId}>
                <Text size="sm" fw={500} id={devicesId}>
                  {t('editor.preview.device')}
                </Text>
                <SegmentedControl
                  size="xs"
                  value={device}
                  onChange={(value) => setDevice(value as Device)}
                  data={(Object.keys(DEVICES) as Device[]).map((value) => ({
                    value,
                    label: t(`editor.preview.devices.${value}`),
                  }))}
                />
              </Group>
              <Button
                size="xs"
                variant="default"
                loading={opening}
                leftSection={<IconExternalLink size={16} aria-hidden />}
                onClick={() => void openTab()}
              >
                {t('editor.preview.openTab')}
              </Button>
            </Group>
            {tabError !== undefined && (
              <Alert color="red" role="alert">
                {tabError}
              </Alert>
            )}
            <Box style={{ overflowX: 'auto' }}>
              <iframe
                ref={frame}
                src={url}
                // The site runs as itself (its own origin, scripts, forms), but may not navigate Studio.
                sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
                title={t('editor.preview.frame', { device: t(`editor.preview.devices.${device}`) })}
                style={{
                  display: 'block',
                  width: width === undefined ? '100%' : `${width}px`,
                  height: '70vh',
                  margin: '0 auto',
                  border: '1px solid var(--mantine-color-default-border)',
                  borderRadius: 'var(--mantine-radius-sm)',
                  background: 'white',
                }}
              />
            </Box>
          </>
        )}
      </Stack>
    </Paper>
  )
}
