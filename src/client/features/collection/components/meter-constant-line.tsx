import { useQuery } from '@tanstack/react-query'
import type { MeterConstant } from '../../../../shared/schemas/meter-constant'
import { T } from '../../../../shared/texts'
import { meterConstantQueryOptions } from '../api/meter-constant'
import { MeterInfoLine } from './meter-info-line'

/** The constant in words: what the meter reports, and an override shown as such. */
function meterConstantText(constant: MeterConstant): string {
  const read = constant.read === null ? T.constantNotRead : T.constantRead(constant.read)
  return constant.configured === null ? read : `${T.constantConfigured(constant.configured)}; ${read}`
}

/** The meter's constant A on its info screen; a configured value that disagrees with the meter is flagged. */
export function MeterConstantLine({ counterId }: { counterId: number }) {
  const constant = useQuery(meterConstantQueryOptions(counterId)).data
  if (!constant) return null
  return <MeterInfoLine title={T.constantTitle} text={meterConstantText(constant)} flag={constant.mismatch ? T.constantMismatchHint : null} />
}
