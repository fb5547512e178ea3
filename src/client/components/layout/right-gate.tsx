import type { ReactNode } from 'react'
import { useMatches } from '@tanstack/react-router'
import type { Permission } from '../../../shared/permissions'
import { T } from '../../../shared/texts'
import { ApiError } from '../../lib/api-client'
import { useCan } from '../../lib/auth'
import { LoadError } from '../ui/load-error'

/**
 * A screen that opens without asking the server anything a missing right would refuse (a create form, a report form)
 * names the right it needs in `staticData.permission`; without it the shell says so in place of the screen, rather than
 * offering a form that is refused only once it is filled in.
 */
export function RightGate({ children }: { children: ReactNode }) {
  const can = useCan()
  const needed = useMatches({ select: (matches) => matches.flatMap((match) => match.staticData.permission ?? []) })
  if (needed.every(can)) return children
  return <LoadError error={new ApiError(403, null, T.forbidden)} title={T.screenForbidden} />
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The right the screen needs (RightGate). */
    permission?: Permission
  }
}
