import { expect } from 'vitest'
import { call, type TestContext } from './helpers.js'

/** Menu helpers through the HTTP API, expecting success. */
export function menuFixtures(ctx: TestContext) {
  async function createMenu(token: string, body: Record<string, unknown>) {
    const response = await call(ctx.app, 'POST', '/api/menus', { token, body })
    expect(response.statusCode, response.body).toBe(200)
    return response.data.menu as { id: string; slug: string; status: string; location: string }
  }

  async function addItem(token: string, menuId: string, body: Record<string, unknown>) {
    const response = await call(ctx.app, 'POST', `/api/menus/${menuId}/items`, { token, body })
    expect(response.statusCode, response.body).toBe(200)
    return response.data.item as { id: string; position: number; parentId: string | null }
  }

  /** The menu's tree as `title(children…)` strings, e.g. `['A(B,C)', 'D']`. */
  async function outline(token: string, menuId: string): Promise<string[]> {
    const response = await call(ctx.app, 'GET', `/api/menus/${menuId}`, { token })
    expect(response.statusCode, response.body).toBe(200)
    return shape(response.data.menu.items)
  }

  return { createMenu, addItem, outline }
}

type Node = { title: string; children: Node[] }

/** A tree as `title(children…)` strings. */
export function shape(nodes: Node[]): string[] {
  return nodes.map((node) =>
    node.children.length === 0 ? node.title : `${node.title}(${shape(node.children).join(',')})`,
  )
}
