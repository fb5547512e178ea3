import { MeterFrameError } from './errors'
import { T } from '../../../shared/texts'

/** Binary-coded decimal, two digits a byte, most significant byte first. */
export function encodeBcd(value: number, byteCount: number): number[] {
  if (!Number.isInteger(value) || value < 0) throw new RangeError(`BCD needs a non-negative integer: ${value}`)
  const bytes: number[] = []
  let rest = value
  for (let i = 0; i < byteCount; i++) {
    const pair = rest % 100
    rest = Math.floor(rest / 100)
    bytes.unshift((Math.floor(pair / 10) << 4) | (pair % 10))
  }
  if (rest !== 0) throw new RangeError(`${value} does not fit in ${byteCount} BCD bytes`)
  return bytes
}

export function decodeBcd(bytes: ArrayLike<number>): number {
  let value = 0
  for (let i = 0; i < bytes.length; i++) {
    const high = bytes[i]! >> 4
    const low = bytes[i]! & 0x0f
    if (high > 9 || low > 9) throw new MeterFrameError(T.poll.notBcd(bytes[i]!.toString(16)))
    value = value * 100 + high * 10 + low
  }
  return value
}
