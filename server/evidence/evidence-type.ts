import type { EvidenceContentType } from '@machines/escrow/dispute-message';

const startsWith = (bytes: Uint8Array, signature: number[], at = 0): boolean =>
  bytes.length >= at + signature.length &&
  signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

/**
 * The type of an evidence file as its first bytes show it (the magic bytes), never as its name or
 * the sender's Content-Type say: PNG, JPEG, GIF, WebP or PDF; anything else (SVG, HTML, scripts,
 * archives) is null and refused.
 */
export function evidenceTypeOf(bytes: Uint8Array): EvidenceContentType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a')))
    return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8))
    return 'image/webp';
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf';
  return null;
}
