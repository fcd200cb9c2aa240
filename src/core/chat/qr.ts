// The chat link as a QR code, drawn as one SVG path of dark modules (uqr encodes; it has no dependencies).
import { encode } from 'uqr';

export function qrPath(text: string): { size: number; path: string } {
  const { size, data } = encode(text, { ecc: 'M', border: 1 });
  let path = '';
  data.forEach((row, y) => row.forEach((dark, x) => dark && (path += `M${x} ${y}h1v1h-1z`)));
  return { size, path };
}
