import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../config.js'

const base = { DATABASE_URL: 'memory://', PUBLIC_URL: 'https://cms.example' }

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig({ ...base, ...env })
  } catch (err) {
    if (err instanceof ConfigError) return err.problems
    throw err
  }
  return []
}

describe('media configuration', () => {
  it('defaults to the local driver, 100 MiB, 300 s, 50 MP, served from PUBLIC_URL', () => {
    expect(loadConfig(base).media).toEqual({
      driver: 'local',
      maxUploadBytes: 104857600,
      publicUrl: 'https://cms.example',
      presignTtlSeconds: 300,
      maxImagePixels: 50_000_000,
      s3: undefined,
    })
    expect(loadConfig({ ...base, MEDIA_PUBLIC_URL: 'https://files.example/' }).media.publicUrl).toBe(
      'https://files.example',
    )
  })

  it('reads the s3 driver, its endpoint and public URL', () => {
    const media = loadConfig({
      ...base,
      MEDIA_DRIVER: 's3',
      S3_BUCKET: 'media',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    }).media
    expect(media).toMatchObject({
      driver: 's3',
      publicUrl: 'http://127.0.0.1:9000/media',
      s3: { bucket: 'media', region: 'us-east-1', endpoint: 'http://127.0.0.1:9000' },
    })
    const aws = loadConfig({
      ...base,
      MEDIA_DRIVER: 's3',
      S3_BUCKET: 'b',
      S3_REGION: 'eu-west-1',
      S3_ACCESS_KEY_ID: 'i',
      S3_SECRET_ACCESS_KEY: 's',
    })
    expect(aws.media.publicUrl).toBe('https://b.s3.eu-west-1.amazonaws.com')
  })

  it('reports every invalid media variable', () => {
    expect(problemsOf({ MEDIA_DRIVER: 'ftp' })).toEqual(['MEDIA_DRIVER must be local or s3, got "ftp"'])
    expect(problemsOf({ MEDIA_DRIVER: 's3' })).toEqual([
      'S3_BUCKET is required with MEDIA_DRIVER=s3',
      'S3_ACCESS_KEY_ID is required with MEDIA_DRIVER=s3',
      'S3_SECRET_ACCESS_KEY is required with MEDIA_DRIVER=s3',
    ])
    expect(
      problemsOf({
        MEDIA_MAX_UPLOAD_BYTES: '0',
        MEDIA_PRESIGN_TTL_SECONDS: '5',
        MEDIA_MAX_IMAGE_PIXELS: '268402690',
        MEDIA_PUBLIC_URL: 'ftp://x',
      }),
    ).toEqual([
      'MEDIA_MAX_UPLOAD_BYTES must be an integer from 1 to 2147483647, got "0"',
      'MEDIA_PRESIGN_TTL_SECONDS must be an integer from 10 to 604800, got "5"',
      'MEDIA_MAX_IMAGE_PIXELS must be an integer from 1 to 268402689, got "268402690"',
      'MEDIA_PUBLIC_URL must be an http(s) URL, got "ftp://x"',
    ])
  })
})
