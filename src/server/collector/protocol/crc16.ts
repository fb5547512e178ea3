/**
 * CRC-16/MODBUS (reflected polynomial 0xA001, initial value 0xFFFF), the checksum of both Mercury
 * protocols. It travels after the frame body, low byte first.
 */
export function crc16Modbus(bytes: ArrayLike<number>): number {
  let crc = 0xffff
  for (let i = 0; i < bytes.length; i++) {
    crc ^= bytes[i]!
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1
    }
  }
  return crc
}

export function withCrc(body: ArrayLike<number>): Uint8Array {
  const frame = new Uint8Array(body.length + 2)
  frame.set(body)
  const crc = crc16Modbus(body)
  frame[body.length] = crc & 0xff
  frame[body.length + 1] = crc >>> 8
  return frame
}

export function hasValidCrc(frame: Uint8Array): boolean {
  if (frame.length < 3) return false
  const crc = crc16Modbus(frame.subarray(0, frame.length - 2))
  return frame[frame.length - 2] === (crc & 0xff) && frame[frame.length - 1] === crc >>> 8
}
