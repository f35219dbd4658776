import { describe, expect, it } from 'vitest'
import { type ContentTreeNode, parentChoices, typeChoices } from './tree'

const node = (id: string, children: ContentTreeNode[] = []): ContentTreeNode => ({
  id,
  slug: id,
  title: id.toUpperCase(),
  status: 'draft',
  order: 0,
  parentId: null,
  children,
})

describe('the page fields’ choices', () => {
  it('offers post and page first, then the tenant’s own types A→Z', () => {
    expect(typeChoices([])).toEqual(['post', 'page'])
    expect(typeChoices(['recipe', 'page', 'event', 'post'])).toEqual(['post', 'page', 'event', 'recipe'])
    expect(typeChoices(['recipe'], 'guide')).toEqual(['post', 'page', 'guide', 'recipe'])
  })

  it('offers every content of the tree with its path, but the content itself and its subtree', () => {
    const tree = [node('about', [node('team', [node('jobs')]), node('history')]), node('contact')]
    const paths = (contentId?: string) =>
      parentChoices(tree, contentId).map((choice) => `${choice.id}=${choice.path.join('/')}`)
    expect(paths()).toEqual([
      'about=ABOUT',
      'team=ABOUT/TEAM',
      'jobs=ABOUT/TEAM/JOBS',
      'history=ABOUT/HISTORY',
      'contact=CONTACT',
    ])
    expect(paths('team')).toEqual(['about=ABOUT', 'history=ABOUT/HISTORY', 'contact=CONTACT'])
  })
})
