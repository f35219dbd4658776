import { constants, existsSync, readdirSync } from 'node:fs'
import { copyFile, mkdir, readdir, rm, stat } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'
import { MoveRefused } from './instance-copy.js'

/**
 * The file half of moving an instance (docs/decisions/configuration.md "Moving to PostgreSQL"):
 * the folders of `DATA_DIR` that hold records' files, copied file by file into a folder that must
 * not exist yet or be empty, so that nothing of another instance is overwritten or mixed in.
 */

/** Whether `dir` exists and holds anything. */
export function hasEntries(dir: string): boolean {
  return existsSync(dir) && readdirSync(dir).length > 0
}

/** @throws MoveRefused when `dir` exists and is not empty. */
export function requireEmptyFolder(dir: string, what: string): void {
  if (hasEntries(dir)) throw new MoveRefused(`${what} ${dir} is not empty; give a new or empty folder.`)
}

/** Files and bytes copied. */
export interface FilesCopied {
  files: number
  bytes: number
}

/**
 * Copies every file under `from` to the same relative path under `to` (created), one at a time; a
 * file already at the destination is an error (COPYFILE_EXCL). `onProgress` hears the running
 * totals after each file.
 */
export async function copyFolder(
  from: string,
  to: string,
  onProgress: (copied: FilesCopied) => void,
): Promise<FilesCopied> {
  const copied: FilesCopied = { files: 0, bytes: 0 }
  if (!existsSync(from)) return copied
  await mkdir(to, { recursive: true })
  const entries = await readdir(from, { recursive: true, withFileTypes: true })
  for (const entry of entries) {
    if (!entry.isFile()) continue
    const source = join(entry.parentPath, entry.name)
    const target = join(to, relative(from, source))
    await mkdir(dirname(target), { recursive: true })
    await copyFile(source, target, constants.COPYFILE_EXCL)
    copied.files += 1
    copied.bytes += (await stat(source)).size
    onProgress(copied)
  }
  return copied
}

/** Removes what `copyFolder` made in `to` after a failed move (the folder was new or empty). */
export async function removeCopy(to: string): Promise<void> {
  await rm(to, { recursive: true, force: true })
}
