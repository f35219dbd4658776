import { afterAll } from 'vitest'
import { endTestFile } from './test-database.js'

// Run for every test file, its hook registered before the file's own, so it runs after them (the
// file's apps have closed).
afterAll(() => endTestFile())
