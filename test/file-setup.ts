import { afterAll } from 'vitest'
import { dropTestDatabase } from './test-database.js'

// Registered before the file's own hooks, so it runs after them: the file's apps have closed.
afterAll(() => dropTestDatabase())
