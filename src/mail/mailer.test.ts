import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createMailer, readableEml } from './mailer.js'

const directories: string[] = []
afterAll(() => Promise.all(directories.map((directory) => rm(directory, { recursive: true }))))

describe('the .eml files of mail without SMTP_URL', () => {
  it('hold the text as written: long links on one line, = unescaped, UTF-8 kept', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'folio-mail-'))
    directories.push(dataDir)
    const link = `https://studio.example.com/admin/account/reset-password?token=${'Ab9_-'.repeat(9)}`
    const text = ['Merhaba Çağrı, şifreni sıfırla:', '', link, '', 'a=b'].join('\n')
    await createMailer({ from: 'Folio <no-reply@localhost>', dataDir }).send({
      to: 'cagri@example.com',
      subject: 'Şifre',
      text,
    })
    const [file] = await readdir(join(dataDir, 'mail'))
    const raw = await readFile(join(dataDir, 'mail', file!), 'utf8')
    expect(raw).toMatch(/^Content-Transfer-Encoding: 8bit$/m)
    expect(raw).not.toMatch(/quoted-printable/)
    expect(raw.split('\n')).toContain(link)
    expect(raw).toContain(`\n\n${text}`)
  })

  it('leave a message that is not quoted-printable as it is', () => {
    const plain = Buffer.from('Content-Type: text/plain\nContent-Transfer-Encoding: 7bit\n\nHello=3D\n')
    expect(readableEml(plain)).toBe(plain)
    const multipart = Buffer.from(
      'Content-Type: multipart/alternative; boundary=x\nContent-Transfer-Encoding: quoted-printable\n\n--x\n',
    )
    expect(readableEml(multipart)).toBe(multipart)
  })
})
