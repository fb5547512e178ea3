import { hasValidCrc } from '../protocol/crc16'
import * as mercury206 from '../protocol/mercury206'
import * as mercury230 from '../protocol/mercury230'

export type BusRequest =
  | { protocol: 'mercury230'; address: number; request: mercury230.Mercury230Request }
  | { protocol: 'mercury206'; address: number; request: mercury206.Mercury206Request }

const PROTOCOLS: { length: (buffer: Uint8Array) => number | null; parse: (frame: Uint8Array) => BusRequest | null }[] = [
  {
    length: mercury230.requestLength,
    parse: (frame) => {
      const parsed = mercury230.parseRequest(frame)
      return parsed && { protocol: 'mercury230', ...parsed }
    },
  },
  {
    length: mercury206.requestLength,
    parse: (frame) => {
      const parsed = mercury206.parseRequest(frame)
      return parsed && { protocol: 'mercury206', address: parsed.address, request: parsed }
    },
  },
]

/** Longest request either protocol sends; a tail this long may still be a frame in progress. */
const LONGEST_REQUEST = 11
/** Bytes kept without finding any frame before the head is given up as line noise. */
const NOISE_LIMIT = 64

/**
 * Cuts the next request off the bytes a converter received. Both protocols share the bus, so at
 * each offset each protocol's idea of the frame length is tried and the checksum decides; bytes
 * before the first valid frame are noise. consumed 0 means: wait for more bytes. A consumed
 * frame with request null is valid but not understood (nobody answers it).
 */
export function takeRequest(buffer: Uint8Array): { consumed: number; request: BusRequest | null } {
  for (let offset = 0; offset < buffer.length; offset++) {
    const rest = buffer.subarray(offset)
    for (const { length, parse } of PROTOCOLS) {
      const frameLength = length(rest)
      if (frameLength === null || frameLength > rest.length) continue
      const frame = rest.subarray(0, frameLength)
      if (hasValidCrc(frame)) return { consumed: offset + frameLength, request: parse(frame) }
    }
  }
  return { consumed: buffer.length > NOISE_LIMIT ? buffer.length - LONGEST_REQUEST : 0, request: null }
}
