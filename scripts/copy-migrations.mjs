// The migrator reads SQL files at run time, so the built server needs them beside its JS.
import { cpSync } from 'node:fs'

cpSync('src/db/migrations', 'dist/db/migrations', { recursive: true })
