import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/** The name authenticator apps show beside the account. */
const ISSUER = 'Amora console';

/** A new TOTP secret (Base32, 160 bits: RFC 4226's recommended length). */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** The otpauth:// URI an authenticator app reads from the QR code, and the QR code as inline SVG. */
export async function totpEnrolment(secret: string, email: string): Promise<{ otpauthUrl: string; qrSvg: string }> {
  const otpauthUrl = generateURI({ issuer: ISSUER, label: email, secret });
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { otpauthUrl, qrSvg };
}

/**
 * The 30-second time step a code belongs to when it is valid for the secret at `now` (one step of clock drift either
 * way accepted), else null. The caller accepts each step once (no replay).
 */
export async function totpStep(secret: string, code: string, now: Date): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: 30,
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
