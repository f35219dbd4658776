import {
  ActionIcon,
  type ActionIconProps,
  Anchor,
  type AnchorProps,
  Button,
  type ButtonProps,
  NavLink,
  type NavLinkProps,
} from '@mantine/core'
import { createLink, type LinkComponent } from '@tanstack/react-router'
import { type AnchorHTMLAttributes, forwardRef } from 'react'

// Mantine's components as TanStack Router links: typed `to` and `params`, Mantine's look
// (https://tanstack.com/router/latest/docs/framework/react/guide/custom-link).

type Html = AnchorHTMLAttributes<HTMLAnchorElement>

const AnchorBase = forwardRef<HTMLAnchorElement, AnchorProps & Html>((props, ref) => (
  <Anchor ref={ref} {...props} />
))
const ButtonBase = forwardRef<HTMLAnchorElement, ButtonProps & Html>((props, ref) => (
  <Button component="a" ref={ref} {...props} />
))
const ActionIconBase = forwardRef<HTMLAnchorElement, ActionIconProps & Html>((props, ref) => (
  <ActionIcon component="a" ref={ref} {...props} />
))
const NavLinkBase = forwardRef<HTMLAnchorElement, NavLinkProps & Html>((props, ref) => (
  <NavLink component="a" ref={ref} {...props} />
))

/** A text link to a route. */
export const AnchorLink: LinkComponent<typeof AnchorBase> = createLink(AnchorBase)
/** A button that opens a route. */
export const ButtonLink: LinkComponent<typeof ButtonBase> = createLink(ButtonBase)
/** An icon button that opens a route (give it an `aria-label`). */
export const ActionIconLink: LinkComponent<typeof ActionIconBase> = createLink(ActionIconBase)
/** A navigation entry that opens a route (marked current when active). */
export const NavLinkLink: LinkComponent<typeof NavLinkBase> = createLink(NavLinkBase)
