import { type Family, type Kernel, mount } from '../../family.js'
import { healthRoutes } from './routes.js'

/** `GET /health` and `GET /ready`: probes outside `/api`, never counted, no credential. */
export function healthFamily(kernel: Kernel) {
  return {
    name: 'health',
    services: {},
    pages: [mount(healthRoutes, { database: kernel.database, store: kernel.store })],
  } satisfies Family
}
