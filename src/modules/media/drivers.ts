import type { MediaConfig } from './declarations.js'
import { createLocalStorage } from './local-storage.js'
import type { MediaStorage } from './storage.js'

/**
 * Builds the configured driver; `dataDir` holds the local driver's `media/` directory. The S3 driver
 * (and the AWS SDK, about 25 MB of memory) is loaded only when configured.
 */
export async function createMediaStorage(
  config: MediaConfig,
  dataDir: string,
  publicUrl: string,
  secret: string,
): Promise<MediaStorage> {
  if (config.driver === 's3' && config.s3 !== undefined) {
    const { createS3Storage } = await import('./s3-storage.js')
    return createS3Storage(config, config.s3)
  }
  return createLocalStorage({ dataDir, mediaPublicUrl: config.publicUrl, uploadBaseUrl: publicUrl, secret })
}
